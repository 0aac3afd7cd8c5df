package io.tunelab.core.studies;

import io.tunelab.core.BadInputException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A study's discussion: a person's text whose measured numbers come from the summary, never typed,
 * so a discussion cannot disagree with its own table. Placeholders, filled when the page renders:
 *
 * <ul>
 *   <li>{@code {change:STEP}}: the expectation on STEP, its change (+40.3%); {@code {ci:STEP}} its
 *       95% interval (+28.8% .. +53.6%); {@code {p:STEP}} its Holm-adjusted p (p 0.024, p &lt;
 *       0.001); {@code {mde:STEP}} its minimum detectable effect (4.2%); {@code {effect:STEP}} the
 *       study's effect in its own words; a step with two expectations picks one by what it is
 *       compared with, {@code {change:STEP:baseline}} or {@code {change:STEP:previous}};
 *   <li>{@code {median:STEP}}, {@code {cv:STEP}}, {@code {n:STEP}}: a step's median (with its
 *       unit), CV and counted repetitions; {@code {cost:STEP:NAME}} one of its costs per unit
 *       (middlewareCpuMillis, dbCpuMillis, brokerCpuMillis, walBytes, statements, commits);
 *   <li>{@code {knob:NAME}}: a knob every step had.
 * </ul>
 *
 * A percentage or a p-value typed into the text is refused when the discussion is recorded: it is
 * the kind of number a new run changes.
 */
final class Discussion {
  private static final Pattern PLACEHOLDER = Pattern.compile("\\{(\\w+):([^{}:]+)(?::(\\w+))?}");
  private static final Pattern TYPED =
      Pattern.compile("[+-]?\\d[\\d,]*(\\.\\d+)?\\s?%|\\bp\\s?[<=]?\\s?0?\\.\\d+");

  private Discussion() {}

  /** The text with every placeholder filled from {@code summary}. */
  static String render(String text, StudySummary summary) {
    Matcher m = PLACEHOLDER.matcher(text.strip());
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String value =
          value(summary, m.group(1), m.group(2), m.group(3)).orElse("[" + m.group() + "?]");
      m.appendReplacement(out, Matcher.quoteReplacement(value));
    }
    m.appendTail(out);
    return out.toString();
  }

  /**
   * Checks a discussion before it is recorded with {@code summary}.
   *
   * @throws BadInputException naming a typed number, or a placeholder the summary cannot fill
   */
  static void check(String text, StudySummary summary) {
    List<String> problems = new ArrayList<>();
    Matcher typed = TYPED.matcher(PLACEHOLDER.matcher(text).replaceAll(""));
    while (typed.find()) {
      problems.add("the number '" + typed.group().strip() + "' is typed");
    }
    Matcher m = PLACEHOLDER.matcher(text);
    while (m.find()) {
      if (value(summary, m.group(1), m.group(2), m.group(3)).isEmpty()) {
        problems.add("the placeholder " + m.group() + " names nothing in the summary");
      }
    }
    if (!problems.isEmpty()) {
      throw new BadInputException(
          "the discussion of "
              + summary.experiment()
              + ": "
              + String.join("; ", problems)
              + ": write measured numbers as placeholders, filled from the summary when the page"
              + " renders: {change:STEP}, {ci:STEP}, {p:STEP}, {mde:STEP}, {effect:STEP} (a step"
              + " with two expectations: {change:STEP:baseline} or {change:STEP:previous}),"
              + " {median:STEP}, {cv:STEP}, {n:STEP}, {cost:STEP:walBytes} (or middlewareCpuMillis,"
              + " dbCpuMillis, brokerCpuMillis, statements, commits), {knob:NAME}");
    }
  }

  private static Optional<String> value(StudySummary s, String kind, String name, String part) {
    return switch (kind) {
      case "change" ->
          expectation(s, name, part)
              .filter(e -> e.ratio() != null)
              .map(e -> StudyMarkdown.change(e.ratio()));
      case "ci" ->
          expectation(s, name, part)
              .filter(e -> e.ratioCi95() != null)
              .map(e -> StudyMarkdown.interval(e.ratioCi95()));
      case "p" ->
          expectation(s, name, part)
              .filter(e -> e.pAdjusted() != null)
              .map(e -> pText(e.pAdjusted()));
      case "mde" ->
          expectation(s, name, part)
              .filter(e -> e.mde() != null)
              .map(e -> String.format(Locale.ROOT, "%.1f%%", 100 * e.mde()));
      case "effect" -> expectation(s, name, part).map(StudySummary.Measured::effect);
      case "median" ->
          step(s, name).map(v -> StudyMarkdown.number(v.median()) + " " + s.study().unit());
      case "cv" ->
          step(s, name)
              .filter(v -> v.cv() != null)
              .map(v -> String.format(Locale.ROOT, "%.1f%%", 100 * v.cv()));
      case "n" -> step(s, name).map(v -> Integer.toString(v.values().size()));
      case "cost" -> step(s, name).flatMap(v -> cost(v, part));
      case "knob" -> Optional.ofNullable(s.knobs()).map(k -> k.get(name));
      default -> Optional.empty();
    };
  }

  private static String pText(double p) {
    return p < 0.001 ? "p < 0.001" : String.format(Locale.ROOT, "p %.3f", p);
  }

  /** The expectation on {@code step}; {@code against} picks one of two (previous, baseline). */
  private static Optional<StudySummary.Measured> expectation(
      StudySummary s, String step, String against) {
    return s.expectations().stream()
        .filter(e -> e.step().equals(step))
        .filter(e -> against == null || against.equals(e.against()))
        .findFirst();
  }

  private static Optional<StudySummary.StepValues> step(StudySummary s, String step) {
    return s.steps().stream().filter(v -> v.name().equals(step)).findFirst();
  }

  private static Optional<String> cost(StudySummary.StepValues v, String name) {
    if (v.costs() == null || name == null) {
      return Optional.empty();
    }
    StudySummary.Costs c = v.costs();
    Double value =
        switch (name) {
          case "middlewareCpuMillis" -> c.middlewareCpuMillis();
          case "dbCpuMillis" -> c.dbCpuMillis();
          case "brokerCpuMillis" -> c.brokerCpuMillis();
          case "walBytes" -> c.walBytes();
          case "statements" -> c.statements();
          case "commits" -> c.commits();
          default -> null;
        };
    return Optional.ofNullable(value).map(StudyMarkdown::number);
  }
}
