package io.tunelab.tiers;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The layers of the controller's side, from the bottom: the tier launchers and protocol clients
 * (db, broker, mocks, jmeter), the stack providers over them, the observer and the drain
 * accounting, and the run loop on top, which only the command line uses.
 */
@AnalyzeClasses(packages = "io.tunelab.tiers", importOptions = ImportOption.DoNotIncludeTests.class)
class TiersLayersTest {
  private static final String RUN = "io.tunelab.tiers.run..";

  @ArchTest
  static final ArchRule nothingBelowTheRunLoopUsesIt =
      noClasses()
          .that()
          .resideOutsideOfPackage(RUN)
          .should()
          .dependOnClassesThat()
          .resideInAPackage(RUN);

  @ArchTest
  static final ArchRule launchersStandAlone =
      noClasses()
          .that()
          .resideInAnyPackage(
              "io.tunelab.tiers.db..",
              "io.tunelab.tiers.broker..",
              "io.tunelab.tiers.mocks..",
              "io.tunelab.tiers.jmeter..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "io.tunelab.tiers.stack..",
              "io.tunelab.tiers.observe..",
              "io.tunelab.tiers.drain..",
              "io.tunelab.tiers.middleware..");

  @ArchTest
  static final ArchRule providersStartTiersAndWatchNothing =
      noClasses()
          .that()
          .resideInAPackage("io.tunelab.tiers.stack..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "io.tunelab.tiers.observe..",
              "io.tunelab.tiers.drain..",
              "io.tunelab.tiers.jmeter..",
              "io.tunelab.tiers.middleware..");

  @ArchTest
  static final ArchRule theObserverOnlyWatches =
      noClasses()
          .that()
          .resideInAPackage("io.tunelab.tiers.observe..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("io.tunelab.tiers.drain..");

  @ArchTest
  static final ArchRule theDrainAccountingReadsTheTiersOnly =
      noClasses()
          .that()
          .resideInAPackage("io.tunelab.tiers.drain..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage("io.tunelab.tiers.stack..", "io.tunelab.tiers.observe..");

  @ArchTest
  static final ArchRule theHarnessNeverReachesIntoTheMiddlewareUnderTest =
      noClasses()
          .that()
          .resideInAPackage("io.tunelab.tiers..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage("io.tunelab.middleware..", "io.tunelab.cli..");
}
