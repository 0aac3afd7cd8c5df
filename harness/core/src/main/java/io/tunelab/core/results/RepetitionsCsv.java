package io.tunelab.core.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A run as {@code repetitions.csv}: one row per repetition, a column per knob whose value differs
 * between the run's steps, then what the repetition measured. For a spreadsheet, R or pandas; the
 * statistics and the step figures stay in {@code run.json}.
 */
public final class RepetitionsCsv {
  /** The measured columns, after the step, the repetition and the knobs that vary. */
  static final List<String> MEASURED =
      List.of(
          "valid",
          "verdict",
          "disturbed",
          "throughputPerMinute",
          "throughputUnit",
          "p50Millis",
          "p90Millis",
          "p99Millis",
          "p999Millis",
          "maxMillis",
          "latencySamples",
          "errors",
          "submitted",
          "completed",
          "faulted",
          "lost",
          "duplicated",
          "middlewareJvm",
          "harnessSharePercent",
          "sutCpuMillisPerUnit",
          "walBytesPerUnit",
          "statementsPerUnit",
          "wallMillis");

  private static final CsvMapper CSV = new CsvMapper();

  private RepetitionsCsv() {}

  /** The CSV text of {@code run}, header first. */
  public static String of(RunResult run) {
    List<String> knobs = varyingKnobs(run.steps());
    CsvSchema.Builder schema = CsvSchema.builder().setUseHeader(true);
    schema.addColumn("step").addColumn("repetition");
    knobs.forEach(schema::addColumn);
    MEASURED.forEach(schema::addColumn);
    List<List<Object>> rows = new ArrayList<>();
    for (StepResult step : run.steps()) {
      for (Repetition repetition : step.repetitions()) {
        List<Object> row = new ArrayList<>();
        row.add(step.name());
        row.add(repetition.number());
        knobs.forEach(knob -> row.add(step.knobs().get(knob)));
        row.addAll(measured(repetition, run.throughputUnit()));
        rows.add(row);
      }
    }
    try {
      return CSV.writer(schema.build()).writeValueAsString(rows);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The knobs whose value is not the same in every step, in the order of the first step. */
  static List<String> varyingKnobs(List<StepResult> steps) {
    Set<String> names = new LinkedHashSet<>();
    steps.forEach(step -> names.addAll(step.knobs().keySet()));
    List<String> varying = new ArrayList<>();
    for (String name : names) {
      Set<String> values = new HashSet<>();
      steps.forEach(step -> values.add(Objects.toString(step.knobs().get(name), "")));
      if (values.size() > 1) {
        varying.add(name);
      }
    }
    return varying;
  }

  private static List<Object> measured(Repetition repetition, String unit) {
    Metrics metrics = repetition.metrics();
    LatencyMillis latency = metrics == null ? null : metrics.latencyMillis();
    UnitTally tally = repetition.measures().tally();
    List<Object> values = new ArrayList<>();
    values.add(repetition.valid());
    values.add(repetition.verdict());
    values.add(Boolean.TRUE.equals(repetition.disturbed()));
    values.add(metrics == null ? null : metrics.throughputPerMinute());
    values.add(unit);
    values.add(latency == null ? null : latency.p50());
    values.add(latency == null ? null : latency.p90());
    values.add(latency == null ? null : latency.p99());
    values.add(latency == null ? null : latency.p999());
    values.add(latency == null ? null : latency.max());
    values.add(metrics == null ? null : metrics.latencySamples());
    values.add(metrics == null ? null : metrics.errors());
    values.add(tally == null ? null : tally.submitted());
    values.add(tally == null ? null : tally.completed());
    values.add(tally == null ? null : tally.faulted());
    values.add(tally == null ? null : tally.lost());
    values.add(tally == null ? null : tally.duplicated());
    values.add(repetition.middlewareJvm());
    values.add(
        repetition.harnessCost() == null ? null : repetition.harnessCost().harnessSharePercent());
    values.add(repetition.workCost() == null ? null : repetition.workCost().sutCpuMillisPerUnit());
    values.add(repetition.workCost() == null ? null : repetition.workCost().walBytesPerUnit());
    values.add(repetition.workCost() == null ? null : repetition.workCost().statementsPerUnit());
    values.add(repetition.wallMillis());
    return values;
  }
}
