package io.tunelab.core.bench;

import java.util.List;
import java.util.Locale;

/**
 * A suite's result in the JUnit XML that CI servers read (the Ant/Jenkins form: {@code testsuites},
 * a {@code testsuite} per experiment, a {@code testcase} per check). Each experiment has one more
 * test case, that its run completed and is valid. A failed check is a {@code failure} with its
 * numbers; a check that could not be judged is an {@code error} (it did not pass, and it is not the
 * code's fault); a relative check not judged because tonight's run went into the machine's baseline
 * (its bootstrap) is {@code skipped}.
 */
public final class JunitXml {
  /** The file's name in a suite run's folder. */
  public static final String FILE = "junit.xml";

  private JunitXml() {}

  public static String of(BenchResult result) {
    StringBuilder suites = new StringBuilder();
    int tests = 0;
    int failures = 0;
    int errors = 0;
    double time = 0;
    for (BenchRun run : result.runs()) {
      List<Check> checks =
          result.checks().stream().filter(c -> c.experiment().equals(run.experiment())).toList();
      int suiteFailures =
          (run.passed() ? 0 : 1)
              + (int) checks.stream().filter(c -> c.status() == Check.Status.FAIL).count();
      int suiteErrors =
          (int) checks.stream().filter(c -> c.status() == Check.Status.NOT_TESTED).count();
      int suiteSkipped =
          (int) checks.stream().filter(c -> c.status() == Check.Status.RECORDING).count();
      tests += checks.size() + 1;
      failures += suiteFailures;
      errors += suiteErrors;
      time += run.seconds();
      String classname = result.suite() + "." + run.experiment();
      suites
          .append("  <testsuite name=\"")
          .append(attr(classname))
          .append("\" tests=\"")
          .append(checks.size() + 1)
          .append("\" failures=\"")
          .append(suiteFailures)
          .append("\" errors=\"")
          .append(suiteErrors)
          .append("\" skipped=\"")
          .append(suiteSkipped)
          .append("\" time=\"")
          .append(seconds(run.seconds()))
          .append("\" timestamp=\"")
          .append(attr(timestamp(result.startedAt())))
          .append("\">\n")
          .append("    <properties>\n")
          .append("      <property name=\"runId\" value=\"")
          .append(attr(run.runId()))
          .append("\"/>\n")
          .append("      <property name=\"status\" value=\"")
          .append(attr(run.status().label()))
          .append("\"/>\n")
          .append("    </properties>\n");
      suites.append(testcase(classname, "the run is complete and valid", seconds(run.seconds())));
      if (run.passed()) {
        suites.append("/>\n");
      } else {
        suites
            .append(">\n")
            .append(element("failure", "invalid-run", run.problem(), run.problem()));
        suites.append("    </testcase>\n");
      }
      for (Check check : checks) {
        suites.append(testcase(classname, check.step() + ": " + check.threshold().text(), "0"));
        switch (check.status()) {
          case PASS ->
              suites
                  .append(">\n      <system-out>")
                  .append(text(check.message()))
                  .append("</system-out>\n    </testcase>\n");
          case FAIL ->
              suites
                  .append(">\n")
                  .append(element("failure", failureType(check), check.message(), details(check)))
                  .append("    </testcase>\n");
          case NOT_TESTED ->
              suites
                  .append(">\n")
                  .append(element("error", "not-tested", check.message(), details(check)))
                  .append("    </testcase>\n");
          case RECORDING ->
              suites
                  .append(">\n      <skipped message=\"")
                  .append(attr(check.message()))
                  .append("\"/>\n    </testcase>\n");
        }
      }
      suites.append("  </testsuite>\n");
    }
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        + "<testsuites name=\""
        + attr("tunelab bench " + result.suite())
        + "\" tests=\""
        + tests
        + "\" failures=\""
        + failures
        + "\" errors=\""
        + errors
        + "\" time=\""
        + seconds(time)
        + "\">\n"
        + suites
        + "</testsuites>\n";
  }

  private static String testcase(String classname, String name, String time) {
    return "    <testcase classname=\""
        + attr(classname)
        + "\" name=\""
        + attr(name)
        + "\" time=\""
        + time
        + "\"";
  }

  private static String element(String tag, String type, String message, String body) {
    return "      <"
        + tag
        + " type=\""
        + attr(type)
        + "\" message=\""
        + attr(message)
        + "\">"
        + text(body)
        + "</"
        + tag
        + ">\n";
  }

  private static String failureType(Check check) {
    return check.threshold().relative() ? "regression" : "threshold";
  }

  private static String details(Check check) {
    StringBuilder out = new StringBuilder(check.message());
    if (check.value() != null) {
      out.append("\nvalue: ").append(check.value());
    }
    if (check.baseline() != null) {
      out.append("\nbaseline: ").append(check.baseline());
    }
    if (check.comparison() != null && check.comparison().pAdjusted() != null) {
      out.append("\np (Holm): ").append(check.comparison().pAdjusted());
    }
    return out.toString();
  }

  private static String seconds(double seconds) {
    return String.format(Locale.ROOT, "%.3f", seconds);
  }

  /** ISO-8601 without the zone, as the Ant format's timestamp is written. */
  private static String timestamp(String iso) {
    if (iso == null) {
      return "";
    }
    String t = iso.endsWith("Z") ? iso.substring(0, iso.length() - 1) : iso;
    int dot = t.indexOf('.');
    return dot < 0 ? t : t.substring(0, dot);
  }

  private static String attr(String s) {
    return text(s).replace("\"", "&quot;").replace("\n", "&#10;");
  }

  private static String text(String s) {
    StringBuilder out = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '&' -> out.append("&amp;");
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        default -> {
          // XML 1.0 cannot hold most control characters, even escaped
          if (c >= 0x20 || c == '\n' || c == '\t' || c == '\r') {
            out.append(c);
          }
        }
      }
    }
    return out.toString();
  }
}
