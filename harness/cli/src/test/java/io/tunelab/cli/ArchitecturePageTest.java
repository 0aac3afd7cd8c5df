package io.tunelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.experiment.Plan;
import io.tunelab.core.findings.FindingKind;
import io.tunelab.core.findings.Findings;
import io.tunelab.core.stack.Backend;
import io.tunelab.core.stack.TierName;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/architecture.md is the newcomer's map: it must name, in a code span, every module, every
 * package of the harness's modules, every plan, tier, back-end and command, and every finding (its
 * kind and its rule) through the page it points to, docs/findings.md. A part added without its line
 * on the page fails here, naming the part.
 */
class ArchitecturePageTest {
  private static final Path HOME = Path.of(System.getProperty("tunelab.home"));

  private static String page() throws IOException {
    return Files.readString(HOME.resolve("docs/architecture.md"));
  }

  private static List<String> unnamed(List<String> names) throws IOException {
    String page = page();
    return names.stream().filter(n -> !page.contains("`" + n + "`")).toList();
  }

  @Test
  void namesEveryPlanTierAndBackend() throws IOException {
    List<String> parts = new ArrayList<>();
    for (Plan plan : Plan.values()) {
      parts.add(plan.yamlName());
    }
    for (TierName tier : TierName.values()) {
      parts.add(tier.label());
    }
    for (Backend backend : Backend.values()) {
      parts.add(backend.label());
    }
    assertThat(unnamed(parts))
        .as("plans, tiers and back-ends docs/architecture.md never names")
        .isEmpty();
  }

  /**
   * The findings are named on the page generated from the rules, docs/findings.md, which this page
   * points to (FindingReferenceTest holds that page to the rules).
   */
  @Test
  void namesEveryFindingAndTheRuleThatRaisesIt() throws IOException {
    assertThat(page()).contains("(findings.md)");
    String findings = Files.readString(HOME.resolve("docs/findings.md"));
    List<String> parts = new ArrayList<>();
    for (FindingKind kind : FindingKind.values()) {
      parts.add(kind.name());
    }
    Findings.RULES.forEach(rule -> parts.add(rule.getClass().getSimpleName()));
    assertThat(parts.stream().filter(n -> !findings.contains("`" + n + "`")).toList())
        .as("findings docs/findings.md never names")
        .isEmpty();
  }

  @Test
  void namesEveryCommand() throws IOException {
    List<String> commands =
        Tunelab.commandLine().getSubcommands().keySet().stream()
            .filter(name -> !name.equals("help"))
            .toList();
    assertThat(unnamed(commands)).as("commands docs/architecture.md never names").isEmpty();
  }

  @Test
  void namesEveryModuleAndEveryPackageOfTheHarness() throws IOException {
    List<String> parts = new ArrayList<>();
    try (Stream<Path> modules = Files.list(HOME.resolve("harness"))) {
      modules
          .filter(m -> Files.exists(m.resolve("pom.xml")))
          .map(m -> "harness/" + m.getFileName())
          .sorted()
          .forEach(parts::add);
    }
    for (String module : List.of("core", "tiers", "run", "cli")) {
      Path root = HOME.resolve("harness/" + module + "/src/main/java/io/tunelab/" + module);
      try (Stream<Path> packages = Files.walk(root)) {
        packages
            .filter(Files::isDirectory)
            .filter(p -> !p.equals(root))
            .map(p -> module + "." + root.relativize(p).toString().replace('/', '.'))
            .sorted()
            .forEach(parts::add);
      }
    }
    // a package is named when a code span starts with it (`core.stats` or `core.stats.WarmupRule`)
    String page = page();
    List<String> missing =
        parts.stream()
            .filter(p -> !page.contains("`" + p + "`") && !page.contains("`" + p + "."))
            .toList();
    assertThat(missing).as("modules and packages docs/architecture.md never names").isEmpty();
  }
}
