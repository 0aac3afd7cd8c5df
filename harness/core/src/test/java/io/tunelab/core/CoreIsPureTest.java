package io.tunelab.core;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import io.tunelab.core.results.OutputFiles;
import java.nio.file.Files;
import java.util.Set;

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

  private static final Set<String> FILE_WRITES =
      Set.of("write", "writeString", "newBufferedWriter", "newOutputStream", "newByteChannel");

  /**
   * Every file the core writes for a user is written aside and moved into place, by OutputFiles: a
   * writer of its own could leave half a file that looks whole.
   */
  @ArchTest
  static final ArchRule coreWritesFilesOnlyThroughOutputFiles =
      noClasses()
          .that()
          .resideInAPackage("io.tunelab.core..")
          .and()
          .doNotBelongToAnyOf(OutputFiles.class)
          .should()
          .callMethodWhere(
              new DescribedPredicate<JavaMethodCall>("write a file with java.nio.file.Files") {
                @Override
                public boolean test(JavaMethodCall call) {
                  return call.getTargetOwner().isEquivalentTo(Files.class)
                      && FILE_WRITES.contains(call.getName());
                }
              });
}
