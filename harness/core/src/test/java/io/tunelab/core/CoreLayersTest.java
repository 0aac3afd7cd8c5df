package io.tunelab.core;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The core by role, from the bottom: the model (what is configured and measured: knobs,
 * experiments, the stack's names, the raw records and what a window cost), the analysis over it
 * (statistics, findings), a run's record (its results and the files that render them), and what
 * reads records (the benchmark gate, the history, the studies, the closed loop's decisions, the
 * report). A layer may use the ones below it only; every package of the core is in one (a new
 * package fails here until it is placed), and docs/architecture.md names them.
 */
@AnalyzeClasses(packages = "io.tunelab.core", importOptions = ImportOption.DoNotIncludeTests.class)
class CoreLayersTest {

  @ArchTest
  static final ArchRule coreIsLayeredByRole =
      layeredArchitecture()
          .consideringOnlyDependenciesInLayers()
          .layer("model")
          .definedBy(
              "io.tunelab.core.stack..",
              "io.tunelab.core.knobs..",
              "io.tunelab.core.experiment..",
              "io.tunelab.core.measure..",
              "io.tunelab.core.cost..")
          .layer("analysis")
          .definedBy("io.tunelab.core.stats..", "io.tunelab.core.findings..")
          .layer("record")
          .definedBy("io.tunelab.core.results..")
          .layer("readers")
          .definedBy(
              "io.tunelab.core.bench..",
              "io.tunelab.core.history..",
              "io.tunelab.core.studies..",
              "io.tunelab.core.tune..",
              "io.tunelab.core.report..")
          .whereLayer("readers")
          .mayNotBeAccessedByAnyLayer()
          .whereLayer("record")
          .mayOnlyBeAccessedByLayers("readers")
          .whereLayer("analysis")
          .mayOnlyBeAccessedByLayers("record", "readers")
          // the core's own exceptions and exit codes, in its root package, serve every layer
          .ensureAllClassesAreContainedInArchitectureIgnoring("io.tunelab.core");
}
