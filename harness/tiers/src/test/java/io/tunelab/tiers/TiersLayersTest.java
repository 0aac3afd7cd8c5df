package io.tunelab.tiers;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The layers of this module, from the bottom: the tier launchers and protocol clients (db, broker,
 * mocks, jmeter), then the middleware launcher and the stack providers over them. The run loop, the
 * observer and the drain accounting live in harness/run, which this module cannot see.
 */
@AnalyzeClasses(packages = "io.tunelab.tiers", importOptions = ImportOption.DoNotIncludeTests.class)
class TiersLayersTest {
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
          .resideInAnyPackage("io.tunelab.tiers.stack..", "io.tunelab.tiers.middleware..");

  @ArchTest
  static final ArchRule providersStartTiersAndDriveNoLoad =
      noClasses()
          .that()
          .resideInAPackage("io.tunelab.tiers.stack..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage("io.tunelab.tiers.jmeter..", "io.tunelab.tiers.middleware..");

  @ArchTest
  static final ArchRule theHarnessNeverReachesIntoTheMiddlewareUnderTest =
      noClasses()
          .that()
          .resideInAPackage("io.tunelab.tiers..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage("io.tunelab.middleware..", "io.tunelab.cli..");
}
