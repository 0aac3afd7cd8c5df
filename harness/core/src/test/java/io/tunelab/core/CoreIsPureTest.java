package io.tunelab.core;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The core holds knobs, experiments, statistics, results and findings as plain Java: it starts no
 * process and speaks no protocol, so it stays testable without a stack and cannot grow hidden
 * dependencies on a tier.
 */
@AnalyzeClasses(packages = "io.tunelab.core", importOptions = ImportOption.DoNotIncludeTests.class)
class CoreIsPureTest {

  /** An allow-list: a new library in the core is a decision, made here. */
  @ArchTest
  static final ArchRule coreUsesOnlyJavaJacksonHdrHistogramAndCommonsStatistics =
      classes()
          .that()
          .resideInAPackage("io.tunelab.core..")
          .should()
          .onlyDependOnClassesThat()
          .resideInAnyPackage(
              "java..",
              "com.fasterxml.jackson..",
              "org.HdrHistogram..",
              "org.apache.commons.statistics..",
              "io.tunelab.core..");

  @ArchTest
  static final ArchRule coreTalksToNoTier =
      noClasses()
          .that()
          .resideInAPackage("io.tunelab.core..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "java.sql..",
              "javax.sql..",
              "javax.jms..",
              "jakarta.jms..",
              "java.net.http..",
              "org.apache.activemq..",
              "org.apache.artemis..",
              "org.apache.jmeter..",
              "org.testcontainers..",
              "com.github.tomakehurst..",
              "org.postgresql..",
              "io.tunelab.tiers..",
              "io.tunelab.run..",
              "io.tunelab.cli..",
              "io.tunelab.middleware..");

  @ArchTest
  static final ArchRule coreStartsNoProcess =
      noClasses()
          .that()
          .resideInAPackage("io.tunelab.core..")
          .should()
          .dependOnClassesThat()
          .haveFullyQualifiedName("java.lang.ProcessBuilder")
          .orShould()
          .dependOnClassesThat()
          .haveFullyQualifiedName("java.lang.Process")
          .orShould()
          .dependOnClassesThat()
          .haveFullyQualifiedName("java.net.Socket")
          .orShould()
          .dependOnClassesThat()
          .haveFullyQualifiedName("java.net.ServerSocket");

  /**
   * The core's packages build on each other in one direction (model, measurement, analysis,
   * report): a package that needs one that needs it back is one package, or a type in the wrong
   * one.
   */
  @ArchTest
  static final ArchRule corePackagesHaveNoCycle =
      slices().matching("io.tunelab.core.(*)..").should().beFreeOfCycles();
}
