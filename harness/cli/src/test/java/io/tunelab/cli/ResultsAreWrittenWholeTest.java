package io.tunelab.cli;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import io.tunelab.core.results.OutputFiles;
import java.io.File;
import java.nio.file.Files;
import java.util.Set;

/**
 * Every file of a run's results (run.json and its renderings, each repetition's ledgers, the
 * observer's files, the latency log, the tier logs' copies, the load's input files) and every file
 * the commands write for a user is written aside and moved into place by the core's OutputFiles, as
 * CoreIsPureTest holds for the core: a writer of its own could leave half a file that looks whole
 * when a run is stopped or fails. Only the build's own stamp is written directly.
 */
@AnalyzeClasses(
    packages = {"io.tunelab.run", "io.tunelab.tiers.jmeter", "io.tunelab.cli"},
    importOptions = {
      ImportOption.DoNotIncludeTests.class,
      ResultsAreWrittenWholeTest.NoTestJars.class
    })
class ResultsAreWrittenWholeTest {
  /**
   * The tiers' test classes come in their test jar, which DoNotIncludeTests takes for main code.
   */
  static final class NoTestJars implements ImportOption {
    @Override
    public boolean includes(Location location) {
      return !location.contains("-tests.jar");
    }
  }

  private static final Set<String> FILE_WRITES =
      Set.of(
          "write", "writeString", "newBufferedWriter", "newOutputStream", "newByteChannel", "copy");

  @ArchTest
  static final ArchRule resultsAreWrittenOnlyThroughOutputFiles =
      noClasses()
          .that()
          .doNotBelongToAnyOf(OutputFiles.class, BuildInfo.class)
          .should()
          .callMethodWhere(
              new DescribedPredicate<JavaMethodCall>(
                  "write a file with java.nio.file.Files or a Jackson mapper given a File") {
                @Override
                public boolean test(JavaMethodCall call) {
                  if (call.getTargetOwner().isEquivalentTo(Files.class)) {
                    return FILE_WRITES.contains(call.getName());
                  }
                  boolean mapper =
                      call.getTargetOwner().isAssignableTo(ObjectMapper.class)
                          || call.getTargetOwner().isAssignableTo(ObjectWriter.class);
                  return mapper
                      && call.getName().equals("writeValue")
                      && call.getTarget().getRawParameterTypes().get(0).isEquivalentTo(File.class);
                }
              });
}
