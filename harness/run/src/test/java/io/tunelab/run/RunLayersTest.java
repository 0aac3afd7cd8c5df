package io.tunelab.run;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.dependencies.SlicesRuleDefinition;

/**
 * The layers of this module over the tiers: the observer and the batch-order room's drain
 * accounting read the tiers and know nothing of each other or of the run loop on top; the stack
 * providers are the run loop's business alone.
 */
@AnalyzeClasses(packages = "io.tunelab.run", importOptions = ImportOption.DoNotIncludeTests.class)
class RunLayersTest {
  @ArchTest
  static final ArchRule nothingBelowTheRunLoopUsesIt =
      noClasses()
          .that()
          .resideInAnyPackage("io.tunelab.run.observe..", "io.tunelab.run.plans.batchorder.drain..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("io.tunelab.run");

  @ArchTest
  static final ArchRule theLiveMetricsServeTheObserverAndKnowNothingOfTheRunLoop =
      noClasses()
          .that()
          .resideInAPackage("io.tunelab.run.metrics..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "io.tunelab.run", "io.tunelab.run.plans.batchorder.drain..", "io.tunelab.tiers..");

  @ArchTest
  static final ArchRule theObserverOnlyWatches =
      noClasses()
          .that()
          .resideInAPackage("io.tunelab.run.observe..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("io.tunelab.run.plans.batchorder.drain..");

  @ArchTest
  static final ArchRule theDrainAccountingReadsTheTiersOnly =
      noClasses()
          .that()
          .resideInAPackage("io.tunelab.run.plans.batchorder.drain..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage("io.tunelab.tiers.stack..", "io.tunelab.run.observe..");

  @ArchTest
  static final ArchRule theHarnessNeverReachesIntoTheMiddlewareUnderTest =
      noClasses()
          .that()
          .resideInAPackage("io.tunelab.run..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage("io.tunelab.middleware..", "io.tunelab.cli..");

  @ArchTest
  static final ArchRule thePlansRoomsKnowNothingOfEachOther =
      SlicesRuleDefinition.slices()
          .matching("io.tunelab.run.plans.(*)..")
          .should()
          .notDependOnEachOther();

  @ArchTest
  static final ArchRule theRunLoopNamesAPlansRoomOnlyInTheRegistry =
      noClasses()
          .that()
          .resideInAPackage("io.tunelab.run")
          .and()
          .doNotHaveSimpleName("PlanRunner")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("io.tunelab.run.plans..");

  @ArchTest
  static final ArchRule belowTheRunLoopNothingKnowsAPlansRoom =
      noClasses()
          .that()
          .resideInAnyPackage("io.tunelab.run.observe..", "io.tunelab.run.metrics..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("io.tunelab.run.plans..");

  @ArchTest
  static final ArchRule theDrainAccountingKnowsOnlyItself =
      noClasses()
          .that()
          .resideInAPackage("io.tunelab.run.plans.batchorder.drain..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("io.tunelab.run.plans.batchorder");
}
