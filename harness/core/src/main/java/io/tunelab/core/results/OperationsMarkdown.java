package io.tunelab.core.results;

import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * summary.md's per-operation and per-error tables: each step's operations (attempts, errors,
 * throughput, mean, p50, p90, p95, p99, max of the counted repetitions, the latencies of every
 * sample) and its failures by operation and error (every repetition).
 */
public final class OperationsMarkdown {
  private OperationsMarkdown() {}

  public static String of(RunResult run) {
    StringBuilder md = new StringBuilder();
    StringBuilder rows = new StringBuilder();
    for (StepResult step : run.steps()) {
      Operations.ofStep(StepResult.counted(step.repetitions()))
          .values()
          .forEach(op -> rows.append(row(step.name(), op)));
    }
    if (rows.length() > 0) {
      md.append("\n## Per operation\n\n")
          .append("Counted repetitions; latencies in ms of every sample of the step.\n\n")
          .append(
              "| step | operation | attempts | errors | throughput (/min) | mean | p50 | p90 | p95"
                  + " | p99 | max |\n")
          .append("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n")
          .append(rows);
    }
    StringBuilder errors = new StringBuilder();
    for (StepResult step : run.steps()) {
      for (Map.Entry<String, Map<String, Long>> op :
          ErrorKinds.ofStep(step.repetitions()).entrySet()) {
        op.getValue()
            .forEach(
                (error, count) ->
                    errors.append(
                        String.format(
                            Locale.ROOT,
                            "| %s | %s | %s | %d |%n",
                            step.name(),
                            op.getKey(),
                            cell(error),
                            count)));
      }
    }
    if (errors.length() > 0) {
      md.append("\n## Errors\n\n")
          .append("Every repetition of the step, invalid ones too.\n\n")
          .append("| step | operation | error | count |\n| --- | --- | --- | ---: |\n")
          .append(errors);
    }
    return md.toString();
  }

  private static String row(String step, Operations.Of op) {
    OptionalDouble errorPercent = op.errorPercent();
    return String.format(
        Locale.ROOT,
        "| %s | %s | %d | %d%s | %.1f | %s | %s | %s | %s | %s | %s |%n",
        step,
        cell(op.name()),
        op.requests(),
        op.errors(),
        errorPercent.isPresent()
            ? String.format(Locale.ROOT, " (%.2f%%)", errorPercent.getAsDouble())
            : "",
        op.perMinute(),
        ms(op.mean()),
        ms(op.percentile(50)),
        ms(op.percentile(90)),
        ms(op.percentile(95)),
        ms(op.percentile(99)),
        ms(op.max()));
  }

  private static String ms(OptionalDouble v) {
    return v.isPresent() ? String.format(Locale.ROOT, "%.0f", v.getAsDouble()) : "";
  }

  private static String cell(String text) {
    return text.replace("|", "\\|").replace("\n", " ");
  }
}
