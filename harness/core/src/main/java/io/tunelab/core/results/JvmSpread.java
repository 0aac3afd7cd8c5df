package io.tunelab.core.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How a step's throughput varied between middleware JVMs and within one JVM, from a one-way
 * random-effects split of its repetitions grouped by {@link Repetition#middlewareJvm()} (JMH's
 * forks, Kalibera and Jones' levels): repetitions in one JVM share its JIT decisions and heap
 * layout, so their spread can understate what a fresh JVM would measure.
 *
 * <p>Within: the pooled sample variance inside the JVMs that ran two repetitions or more. Between:
 * the variance of the JVMs' means less the part the within-JVM noise explains ({@code s_w^2 /
 * n_mean}, clamped at 0). With one repetition per JVM ({@code jvm: fresh}) the within part is
 * unknown and the between part holds both; with one JVM ({@code jvm: shared}) only the within part
 * is known, and the step's interval covers nothing else.
 *
 * @param jvms middleware JVMs the step's counted repetitions ran in
 * @param repetitions counted repetitions
 * @param cvWithinJvm within-JVM standard deviation over the mean (0.05 = 5%); null when no JVM ran
 *     two repetitions
 * @param cvBetweenJvms between-JVM standard deviation over the mean; null with one JVM
 * @param betweenIncludesWithin whether {@code cvBetweenJvms} also holds the within-JVM noise (every
 *     JVM ran one repetition, so the two cannot be told apart)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record JvmSpread(
    int jvms,
    int repetitions,
    Double cvWithinJvm,
    Double cvBetweenJvms,
    boolean betweenIncludesWithin) {

  /** The split of these repetitions' throughput; empty when none says which JVM measured it. */
  public static Optional<JvmSpread> of(List<Repetition> repetitions) {
    Map<Integer, List<Double>> byJvm = new LinkedHashMap<>();
    for (Repetition r : repetitions) {
      if (r.middlewareJvm() == null) {
        return Optional.empty();
      }
      byJvm
          .computeIfAbsent(r.middlewareJvm(), k -> new ArrayList<>())
          .add(r.metrics().throughputPerMinute());
    }
    if (byJvm.isEmpty()) {
      return Optional.empty();
    }
    double mean =
        repetitions.stream()
            .mapToDouble(r -> r.metrics().throughputPerMinute())
            .average()
            .orElse(0);
    if (mean <= 0) {
      return Optional.empty();
    }
    Double within = withinVariance(byJvm);
    Double between = betweenVariance(byJvm, within);
    return Optional.of(
        new JvmSpread(
            byJvm.size(),
            repetitions.size(),
            within == null ? null : Math.sqrt(within) / mean,
            between == null ? null : Math.sqrt(between) / mean,
            within == null && between != null));
  }

  /** Pooled variance inside the JVMs with two values or more; null when there is none. */
  private static Double withinVariance(Map<Integer, List<Double>> byJvm) {
    double squares = 0;
    int df = 0;
    for (List<Double> values : byJvm.values()) {
      if (values.size() >= 2) {
        double m = values.stream().mapToDouble(Double::doubleValue).average().orElse(0);
        for (double v : values) {
          squares += (v - m) * (v - m);
        }
        df += values.size() - 1;
      }
    }
    return df == 0 ? null : squares / df;
  }

  /**
   * The variance of the JVMs' means less what the within-JVM noise contributes to it; null with one
   * JVM.
   */
  private static Double betweenVariance(Map<Integer, List<Double>> byJvm, Double within) {
    if (byJvm.size() < 2) {
      return null;
    }
    List<Double> means = new ArrayList<>();
    double repetitions = 0;
    for (List<Double> values : byJvm.values()) {
      means.add(values.stream().mapToDouble(Double::doubleValue).average().orElse(0));
      repetitions += values.size();
    }
    double grand = means.stream().mapToDouble(Double::doubleValue).average().orElse(0);
    double squares = means.stream().mapToDouble(m -> (m - grand) * (m - grand)).sum();
    double ofMeans = squares / (means.size() - 1);
    double perJvm = repetitions / byJvm.size();
    return within == null ? ofMeans : Math.max(0, ofMeans - within / perJvm);
  }
}
