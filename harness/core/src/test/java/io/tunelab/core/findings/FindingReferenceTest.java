package io.tunelab.core.findings;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.measure.DeadlineMisses;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every house kind is documented by the rule it names, and every rule reads only what it declares:
 * a rule whose docs miss a kind it raises fails here. The page made of those docs,
 * docs/findings.md, is held to the rules where the rooms' are on the class path too (the cli's
 * FindingSourcesTest).
 */
class FindingReferenceTest {
  @Test
  void eachHouseKindIsDocumentedOnceByTheRuleItNames() {
    List<FindingKind> documented = new ArrayList<>();
    for (FindingRule rule : Findings.RULES) {
      for (FindingDoc doc : rule.docs()) {
        assertThat(doc.kind().newRule().map(Object::getClass))
            .as(doc.kind() + " is documented by " + rule.getClass().getSimpleName())
            .contains(rule.getClass());
        documented.add(doc.kind());
      }
    }
    assertThat(documented)
        .as("the house's kinds; the rooms' are raised and documented by their rooms' rules")
        .containsExactly(
            Stream.of(FindingKind.values())
                .filter(kind -> kind.newRule().isPresent())
                .toArray(FindingKind[]::new));
  }

  /**
   * What a rule reads of the window's data is what it declares: every rule runs over a window in
   * which nothing was recorded and over a busy one (the machine saturated, a table scanned without
   * its index, deadlines missed, the fetchers' polls full), where the rules that read several
   * figures get past their first, and every type it asks RunData for must be in its reads.
   */
  @Test
  void eachRuleReadsOnlyWhatItDeclares() {
    for (RunData window : List.of(RunData.empty(60_000), busyWindow())) {
      for (FindingRule rule : Findings.RULES) {
        Set<Class<?>> read = new LinkedHashSet<>();
        rule.apply(window.watched(read::add));
        assertThat(rule.reads())
            .as(rule.getClass().getSimpleName() + " reads " + read)
            .containsAll(read)
            .doesNotHaveDuplicates();
      }
    }
  }

  private static RunData busyWindow() {
    Map<String, List<Point>> tiers = new LinkedHashMap<>();
    tiers.put("db", Series.flat(30, 40));
    tiers.put("middleware", Series.flat(30, 150));
    return RunData.empty(30_000)
        .with(new CpuData(2, Series.flat(30, 99), tiers))
        .withAll(TableScans.class, List.of(new TableScans("xref_data", 1_000, 720_000, 0, 720)))
        .withAll(
            TopStatement.class,
            List.of(new TopStatement("SELECT * FROM xref_data WHERE k = $1", 1_000, 900, 1, 0, 0)))
        .with(new DeadlineMisses(25, 120, 30, 0, 25, 1))
        .with(
            new FetcherData(
                2,
                1000,
                0,
                10,
                Series.line(30, 100, 2),
                Series.line(30, 10, 0),
                Series.line(30, 500, 20),
                Series.flat(30, 150)));
  }

  @Test
  void everyRuleRunsOnceInTheOrderOfItsFirstKind() {
    assertThat(Findings.RULES.get(0)).isInstanceOf(MiddlewareDeathRule.class);
    assertThat(Findings.RULES)
        .filteredOn(rule -> rule instanceof FetcherRule)
        .as("two kinds, one rule")
        .hasSize(1);
    assertThat(Findings.RULES.get(Findings.RULES.size() - 1)).isInstanceOf(NoisyMachineRule.class);
  }
}
