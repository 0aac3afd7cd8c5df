package io.tunelab.cli;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import io.tunelab.core.results.BatchOrderMeasures;
import io.tunelab.core.results.OrderAccounting;
import io.tunelab.core.results.PlanMeasures;
import io.tunelab.core.results.Repetition;
import io.tunelab.core.results.RequestMeasures;
import io.tunelab.run.plans.messaging.MessageMetrics;
import io.tunelab.run.plans.messaging.MessagingMeasures;

/**
 * What only one plan measures is read through its {@link PlanMeasures} record, never by its type:
 * operations, errors, gates, summary.md's outcomes, repetitions.csv, the tuner and the findings ask
 * the record. Only the records, the interface that types them and run.json's repetition (whose
 * fields they are) name a plan's measure types, beside the room that makes them; so a plan that
 * counts something new touches no reader.
 */
@AnalyzeClasses(
    packages = "io.tunelab",
    importOptions = {
      ImportOption.DoNotIncludeTests.class,
      ResultsAreWrittenWholeTest.NoTestJars.class
    })
class MeasuresReadByTheRecordTest {
  private static final Class<?>[] FAMILY = {
    PlanMeasures.class,
    Repetition.class,
    BatchOrderMeasures.class,
    OrderAccounting.class,
    MessagingMeasures.class,
    MessageMetrics.class,
    RequestMeasures.class
  };

  @ArchTest
  static final ArchRule theOrdersMeasuresAreReadOnlyInTheirRoom =
      namedOnlyIn(
          new String[] {"io.tunelab.run.plans.batchorder.."},
          BatchOrderMeasures.class,
          OrderAccounting.class);

  @ArchTest
  static final ArchRule theMessagesMeasuresAreReadOnlyInTheirRoom =
      namedOnlyIn(
          new String[] {"io.tunelab.run.plans.messaging.."},
          MessagingMeasures.class,
          MessageMetrics.class);

  @ArchTest
  static final ArchRule theRequestsMeasuresAreMadeOnlyInTheRequestPlansRooms =
      namedOnlyIn(
          new String[] {"io.tunelab.run.plans.soap..", "io.tunelab.run.plans.sort.."},
          RequestMeasures.class);

  private static ArchRule namedOnlyIn(String[] rooms, Class<?>... types) {
    return noClasses()
        .that()
        .doNotBelongToAnyOf(FAMILY)
        .and()
        .resideOutsideOfPackages(rooms)
        .should()
        .dependOnClassesThat()
        .belongToAnyOf(types);
  }
}
