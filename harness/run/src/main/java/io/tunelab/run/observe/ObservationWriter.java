package io.tunelab.run.observe;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tunelab.core.cost.WorkCost;
import io.tunelab.core.findings.Finding;
import io.tunelab.core.findings.Findings;
import io.tunelab.core.findings.RunData;
import io.tunelab.core.results.OutputFiles;
import io.tunelab.core.results.RunLayout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/** Writes a stopped observer's files and builds its {@link Observations}. */
final class ObservationWriter {
  static final String SERIES = RunLayout.SERIES;
  static final String ASH = RunLayout.ASH;
  static final String DB_SNAPSHOT = RunLayout.DB_SNAPSHOT;
  static final String GC = RunLayout.GC;
  static final String FINDINGS = RunLayout.FINDINGS;
  static final String OBSERVATIONS = RunLayout.OBSERVATIONS;
  static final String HARNESS_COST = "harnessCost";
  static final String MACHINE_NOISE = "machineNoise";
  static final String WORK_COST = "workCost";

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private final Path dir;
  private final SeriesStore store;
  private final Window window;
  private final ObserverErrors errors;

  ObservationWriter(Path dir, SeriesStore store, Window window, ObserverErrors errors) {
    this.dir = dir.toAbsolutePath().normalize();
    this.store = store;
    this.window = window;
    this.errors = errors;
  }

  Observations write(
      int cores,
      Optional<GcReport> gc,
      List<GcReport> stackGc,
      Optional<PgDelta> pg,
      Optional<DbSource> db,
      Optional<MocksSource> mocks,
      int samples,
      long samplerCpuNanos,
      Map<String, Long> sourceCpuNanos,
      WindowCosts costs,
      UnaryOperator<RunData> runnerFigures) {
    List<Path> files = new ArrayList<>();
    try {
      Files.createDirectories(dir);
      if (gc.isPresent()) {
        files.add(writeGc(gc.get(), GC));
      }
      for (GcReport tier : stackGc) {
        files.add(writeGc(tier, RunLayout.gc(tier.tier())));
      }
      store.write(dir.resolve(SERIES), window);
      files.add(dir.resolve(SERIES));
      if (db.isPresent()) {
        db.get().writeAsh(dir.resolve(ASH), window);
        files.add(dir.resolve(ASH));
      }
      if (pg.isPresent()) {
        int peak =
            (int)
                store.measured("db.connections", "client", window).stream()
                    .mapToDouble(p -> p.value())
                    .max()
                    .orElse(0);
        files.add(
            json(
                DB_SNAPSHOT,
                pg.get().json(JSON, db.map(DbSource::maxConnections).orElse(0), peak)));
      }
      RunData data =
          runnerFigures.apply(
              new RunDataAssembler(store, window).assemble(cores, gc, pg, db, mocks, costs));
      List<Finding> findings = Findings.of(data);
      files.add(writeFindings(dir, findings));
      double samplerPercent =
          window.endMillis() > window.startMillis()
              ? 100.0 * samplerCpuNanos / 1e6 / (window.endMillis() - window.startMillis())
              : 0;
      Observations observations =
          new Observations(
              dir,
              window.startMillis(),
              window.measuredFromMillis(),
              window.endMillis(),
              samples,
              samplerPercent,
              errors.summary(),
              data,
              findings,
              files,
              store,
              costs,
              Optional.empty());
      ObjectNode summary = summary(observations, mocks);
      ObjectNode bySource = summary.putObject("samplerCpuMillisBySource");
      new java.util.TreeMap<>(sourceCpuNanos)
          .forEach((s, nanos) -> bySource.put(s, nanos / 1_000_000));
      files.add(json(OBSERVATIONS, summary));
      return observations;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the observations into " + dir, e);
    }
  }

  /**
   * Adds a JVM's GC pauses to the series, labelled with its tier, and writes them into {@code file}
   * ({@code gc.json} for the middleware).
   */
  private Path writeGc(GcReport gc, String file) {
    String jvm = gc.tier();
    for (GcPauses.Pause pause : gc.pauses()) {
      if (pause.epochMillis() >= window.startMillis()
          && pause.epochMillis() <= window.endMillis()) {
        store.add(pause.epochMillis(), "gc.pauseMillis", jvm, pause.millis());
        if (Double.isFinite(pause.afterMegabytes())) {
          store.add(pause.epochMillis(), "gc.heapAfterMegabytes", jvm, pause.afterMegabytes());
        }
        // the study's visualGC view: the old generation's slope tells garbage from kept objects
        if (Double.isFinite(pause.oldAfterMegabytes())) {
          store.add(
              pause.epochMillis(), "gc.youngAfterMegabytes", jvm, pause.youngAfterMegabytes());
          store.add(pause.epochMillis(), "gc.oldAfterMegabytes", jvm, pause.oldAfterMegabytes());
        }
      }
    }
    return json(file, gc.json(JSON));
  }

  /** Writes {@code findings.json} into {@code dir}. */
  private static Path writeFindings(Path dir, List<Finding> findings) {
    return OutputFiles.replace(dir.resolve(FINDINGS), out -> JSON.writeValue(out, findings));
  }

  /** Writes the middleware's recording summed up ({@code jfr.json}). */
  static void writeProfile(Path file, io.tunelab.core.measure.JfrProfile profile) {
    OutputFiles.replace(file, out -> JSON.writeValue(out, profile));
  }

  /**
   * Adds the work cost per completed unit to {@code observations.json} in {@code dir}, once the
   * runner knows the units.
   *
   * @throws UncheckedIOException when the file cannot be read or written
   */
  static void writeWorkCost(Path dir, WorkCost cost) {
    Path file = dir.resolve(OBSERVATIONS);
    try {
      ObjectNode root = (ObjectNode) JSON.readTree(file.toFile());
      root.set(WORK_COST, JSON.valueToTree(cost));
      OutputFiles.replace(file, out -> JSON.writeValue(out, root));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot add the work cost to " + file, e);
    }
  }

  private ObjectNode summary(Observations o, Optional<MocksSource> mocks) {
    ObjectNode root = JSON.createObjectNode();
    root.put("startMillis", o.startMillis());
    root.put("measuredFromMillis", o.measuredFromMillis());
    root.put("endMillis", o.endMillis());
    root.put("samples", o.samples());
    root.put("samplerCpuPercentOfOneCore", o.samplerCpuPercentOfOneCore());
    root.put("machineCores", o.data().cpu().machineCores());
    mocks.ifPresent(m -> root.set("mockDelayMillis", JSON.valueToTree(m.delayMillis())));
    root.set("backendCalls", JSON.valueToTree(o.data().backend().operations()));
    o.harnessCost().ifPresent(h -> root.set(HARNESS_COST, JSON.valueToTree(h)));
    o.machineNoise().ifPresent(n -> root.set(MACHINE_NOISE, JSON.valueToTree(n)));
    root.set("errors", JSON.valueToTree(o.errors()));
    ArrayNode files = root.putArray("files");
    o.files().forEach(f -> files.add(f.getFileName().toString()));
    return root;
  }

  private Path json(String name, com.fasterxml.jackson.databind.JsonNode node) {
    return OutputFiles.replace(dir.resolve(name), out -> JSON.writeValue(out, node));
  }
}
