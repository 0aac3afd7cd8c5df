package io.tunelab.core.findings;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.experiment.Plan;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The findings as the CLI runs them, the plans' rooms' ({@link FindingSource}) beside the house's:
 * docs/findings.md is made of every rule's docs, a kind no house rule raises is raised by exactly
 * one room's rule, and each room's rule reads only what it declares. A finding added without its
 * page fails here.
 */
class FindingSourcesTest {
  private final List<FindingSource> sources = FindingSource.onClassPath();

  @Test
  void docsFindingsMdIsUpToDateWithTheRules() throws IOException {
    Path page = Path.of(System.getProperty("tunelab.home"), "docs", "findings.md");
    String expected = FindingReference.markdown(Findings.RULES);

    assertThat(Files.exists(page) ? Files.readString(page, StandardCharsets.UTF_8) : "")
        .as(
            "docs/findings.md is out of date with the rules: regenerate it with"
                + " ./tunelab findings --markdown > docs/findings.md")
        .isEqualTo(expected);
  }

  @Test
  void everyRoomsSourceNamesAPlanAndRunsWithTheHousesRules() {
    assertThat(sources).extracting(FindingSource::plan).contains(Plan.MESSAGING.yamlName());
    for (FindingSource source : sources) {
      assertThat(Plan.of(source.plan())).as(source.getClass().getName()).isPresent();
      assertThat(source.rules()).as(source.plan()).isNotEmpty();
      assertThat(Findings.RULES)
          .extracting(rule -> (Class) rule.getClass())
          .containsAll(source.rules().stream().map(rule -> (Class) rule.getClass()).toList());
    }
  }

  @Test
  void everyKindIsRaisedByItsHouseRuleOrByOneRoomsRule() {
    for (FindingKind kind : FindingKind.values()) {
      List<String> roomRules = new ArrayList<>();
      for (FindingSource source : sources) {
        for (FindingRule rule : source.rules()) {
          if (rule.docs().stream().anyMatch(doc -> doc.kind() == kind)) {
            roomRules.add(rule.getClass().getSimpleName());
          }
        }
      }
      if (kind.newRule().isEmpty()) {
        assertThat(roomRules).as(kind + ", a room's kind").hasSize(1);
      }
    }
  }

  @Test
  void eachRoomsRuleReadsOnlyWhatItDeclares() {
    QueueSeries growing =
        new QueueSeries(
            "tunelab.messages.1",
            "messages.1",
            1,
            List.of(
                new Point(0, 0),
                new Point(10_000, 40),
                new Point(20_000, 80),
                new Point(30_000, 120)),
            120);
    for (RunData window :
        List.of(
            RunData.empty(60_000),
            RunData.empty(30_000).withAll(QueueSeries.class, List.of(growing)))) {
      for (FindingSource source : sources) {
        for (FindingRule rule : source.rules()) {
          Set<Class<?>> read = new LinkedHashSet<>();
          rule.apply(window.watched(read::add));
          assertThat(rule.reads())
              .as(rule.getClass().getSimpleName() + " reads " + read)
              .containsAll(read)
              .doesNotHaveDuplicates();
        }
      }
    }
  }
}
