package io.tunelab.load;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The properties a plan reads with {@code ${__P(name,default)}}. JMeter answers the default for a
 * property nobody set, so a misspelt {@code -Jthraeds=8} would run the plan with 1 thread without a
 * word: the runner refuses properties the plan does not read instead.
 */
public final class PlanProperties {
  private static final Pattern PROPERTY_FUNCTION =
      Pattern.compile("__P(?:roperty)?\\(\\s*([A-Za-z0-9_.]+)");

  private PlanProperties() {}

  /** Names of the properties {@code planText} reads, sorted. */
  public static Set<String> readBy(String planText) {
    Set<String> names = new TreeSet<>();
    Matcher matcher = PROPERTY_FUNCTION.matcher(planText);
    while (matcher.find()) {
      names.add(matcher.group(1));
    }
    return names;
  }

  /** Names of the properties the plan file reads. */
  public static Set<String> readBy(Path plan) throws IOException {
    return readBy(Files.readString(plan, StandardCharsets.UTF_8));
  }

  /**
   * @throws IllegalArgumentException naming the first property the plan does not read, and those it
   *     does
   */
  public static void check(Map<String, String> given, Set<String> known, Path plan) {
    for (String name : given.keySet()) {
      if (!known.contains(name)) {
        throw new IllegalArgumentException(
            "the plan "
                + plan.getFileName()
                + " reads no property '"
                + name
                + "': it reads "
                + String.join(", ", new TreeSet<>(known)));
      }
    }
  }
}
