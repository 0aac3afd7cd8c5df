package io.tunelab.core.findings;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/findings.md is made of the rules' own docs, and every kind is documented by the rule it
 * names: a finding added without its page, or a rule whose docs miss a kind it raises, fails here.
 */
class FindingReferenceTest {
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
  void eachKindIsDocumentedOnceByTheRuleItNames() {
    List<FindingKind> documented = new ArrayList<>();
    for (FindingRule rule : Findings.RULES) {
      for (FindingDoc doc : rule.docs()) {
        assertThat(doc.kind().newRule().getClass())
            .as(doc.kind() + " is documented by " + rule.getClass().getSimpleName())
            .isEqualTo(rule.getClass());
        documented.add(doc.kind());
      }
    }
    assertThat(documented).containsExactly(FindingKind.values());
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
