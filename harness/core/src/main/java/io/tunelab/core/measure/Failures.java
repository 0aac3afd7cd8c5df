package io.tunelab.core.measure;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The failed samples of a JTL by operation (sample label) and error (response code and message),
 * with how many had each: the error breakdown per operation that JMeter's dashboard calls "Top 5
 * Errors by sampler". Messages are cut to {@value #MAX_MESSAGE} characters, and an operation keeps
 * its {@value #MAX_KINDS} most frequent errors, the rest counted as one.
 */
public final class Failures {
  static final int MAX_MESSAGE = 160;
  static final int MAX_KINDS = 10;

  /** The key of the errors beyond the most frequent ones. */
  public static final String OTHERS = "(other errors)";

  private Failures() {}

  /**
   * Per operation, in label order, its errors, most frequent first; only operations that failed.
   */
  public static Map<String, Map<String, Long>> of(List<JtlRecord> samples) {
    Map<String, Map<String, Long>> counts = new TreeMap<>();
    for (JtlRecord sample : samples) {
      if (!sample.success()) {
        counts
            .computeIfAbsent(sample.label(), l -> new TreeMap<>())
            .merge(error(sample), 1L, Long::sum);
      }
    }
    Map<String, Map<String, Long>> out = new LinkedHashMap<>();
    counts.forEach((label, errors) -> out.put(label, top(errors)));
    return Collections.unmodifiableMap(out);
  }

  /** {@code 500: Internal Server Error}, or the message alone when the sample has no code. */
  static String error(JtlRecord sample) {
    String code = sample.responseCode() == null ? "" : sample.responseCode().strip();
    String message = sample.responseMessage() == null ? "" : sample.responseMessage().strip();
    String error = code.isEmpty() ? message : message.isEmpty() ? code : code + ": " + message;
    error = error.isEmpty() ? "failed (no code or message)" : error.replaceAll("\\s+", " ");
    return error.length() <= MAX_MESSAGE ? error : error.substring(0, MAX_MESSAGE - 3) + "...";
  }

  private static Map<String, Long> top(Map<String, Long> errors) {
    List<Map.Entry<String, Long>> sorted =
        errors.entrySet().stream()
            .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
            .toList();
    Map<String, Long> out = new LinkedHashMap<>();
    long others = 0;
    for (int i = 0; i < sorted.size(); i++) {
      if (i < MAX_KINDS) {
        out.put(sorted.get(i).getKey(), sorted.get(i).getValue());
      } else {
        others += sorted.get(i).getValue();
      }
    }
    if (others > 0) {
      out.put(OTHERS, others);
    }
    return out;
  }
}
