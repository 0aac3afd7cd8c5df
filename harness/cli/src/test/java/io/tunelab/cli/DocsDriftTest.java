package io.tunelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.experiment.Plan;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * What the hand-written docs say that the code can contradict: the README's command list against
 * the commands' help (every command in it, every command and option it writes one that exists), the
 * experiment and suite files they name, and every list of plans against the plans there are.
 */
class DocsDriftTest {
  private static final Path HOME = Path.of(System.getProperty("tunelab.home"));

  /** `./tunelab WORDS`: up to the end of the code span, a comment or a table cell. */
  private static final Pattern COMMAND = Pattern.compile("\\./tunelab((?: [^`#|\\n]*)?)");

  /** An experiment or suite file a doc names. */
  private static final Pattern YAML_FILE =
      Pattern.compile("(?<![\\w/.-])((?:experiments|benchmarks)/[\\w./-]+\\.yaml)");

  private record Line(Path file, int number, String text) {
    String where() {
      return HOME.relativize(file) + ":" + number;
    }
  }

  /** The hand-written docs: the README, docs/ but its generated pages, the folders' READMEs. */
  private static List<Line> docs() throws IOException {
    List<Path> files = new ArrayList<>();
    files.add(HOME.resolve("README.md"));
    try (Stream<Path> pages = Files.list(HOME.resolve("docs"))) {
      pages
          .filter(p -> p.toString().endsWith(".md"))
          .filter(
              p ->
                  !List.of("knobs.md", "findings.md", "studies.md")
                      .contains(p.getFileName().toString()))
          .sorted()
          .forEach(files::add);
    }
    for (String folder : List.of("benchmarks", "results", "jmeter-plans", "mocks", "db")) {
      files.add(HOME.resolve(folder).resolve("README.md"));
    }
    List<Line> lines = new ArrayList<>();
    for (Path file : files) {
      List<String> text = Files.readAllLines(file, StandardCharsets.UTF_8);
      for (int i = 0; i < text.size(); i++) {
        lines.add(new Line(file, i + 1, text.get(i)));
      }
    }
    return lines;
  }

  @Test
  void theReadmeShowsEveryCommandAndSubcommand() throws IOException {
    String readme = Files.readString(HOME.resolve("README.md"));
    List<String> missing = new ArrayList<>();
    for (var entry : Tunelab.commandLine().getSubcommands().entrySet()) {
      String name = entry.getKey();
      CommandLine command = entry.getValue();
      if (name.equals("help")) {
        continue;
      }
      if (!readme.contains("./tunelab " + name)) {
        missing.add(name);
      }
      for (String sub : command.getSubcommands().keySet()) {
        if (!sub.equals("help") && !readme.contains("./tunelab " + name + " " + sub)) {
          missing.add(name + " " + sub);
        }
      }
    }
    assertThat(missing).as("commands the README never shows as ./tunelab ...").isEmpty();
  }

  @Test
  void everyCommandAndOptionTheDocsWriteExists() throws IOException {
    List<String> wrong = new ArrayList<>();
    for (Line line : docs()) {
      Matcher m = COMMAND.matcher(line.text());
      while (m.find()) {
        String problem = check(m.group(1).trim());
        if (problem != null) {
          wrong.add(line.where() + ": ./tunelab" + m.group(1) + ": " + problem);
        }
      }
    }
    assertThat(wrong).isEmpty();
  }

  /** An option as the docs write it: {@code --set}, also in {@code [--json]} or {@code --x=1}. */
  private static final Pattern OPTION = Pattern.compile("(?<![\\w-])--[a-z][a-z0-9-]*");

  /** What is wrong with {@code ./tunelab WORDS}, or null. */
  private static String check(String words) {
    List<String> tokens = words.isEmpty() ? List.of() : Arrays.asList(words.split("\\s+"));
    CommandLine command = Tunelab.commandLine();
    int i = 0;
    while (i < tokens.size() && command.getSubcommands().containsKey(tokens.get(i))) {
      command = command.getSubcommands().get(tokens.get(i));
      i++;
    }
    boolean root = command.getCommandSpec().parent() == null;
    boolean needsSub =
        root
            || command.getCommandSpec().userObject() instanceof Runnable == false
                && !(command.getCommandSpec().userObject()
                    instanceof java.util.concurrent.Callable);
    if (needsSub && i < tokens.size() && tokens.get(i).matches("[a-z][a-z-]*")) {
      return root
          ? "no command '" + tokens.get(i) + "'"
          : "'" + command.getCommandName() + "' has no subcommand '" + tokens.get(i) + "'";
    }
    for (String token : tokens.subList(i, tokens.size())) {
      Matcher option = OPTION.matcher(token);
      while (option.find()) {
        if (command.getCommandSpec().findOption(option.group()) == null) {
          return "'"
              + command.getCommandSpec().qualifiedName()
              + "' has no option "
              + option.group();
        }
      }
    }
    return null;
  }

  @Test
  void everyExperimentAndSuiteFileTheDocsNameExists() throws IOException {
    List<String> missing = new ArrayList<>();
    for (Line line : docs()) {
      Matcher m = YAML_FILE.matcher(line.text());
      while (m.find()) {
        String name = m.group(1);
        if (!name.contains("<") && !name.contains("x.yaml") && !Files.exists(HOME.resolve(name))) {
          missing.add(line.where() + ": " + name);
        }
      }
    }
    assertThat(missing).isEmpty();
  }

  @Test
  void everyListOfPlansNamesEveryPlan() throws IOException {
    List<Line> lines = docs();
    List<String> partial = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      int named = plansIn(lines.get(i).text());
      // a list wrapped over two lines is one list
      String around =
          (i > 0 ? lines.get(i - 1).text() : "")
              + " "
              + lines.get(i).text()
              + " "
              + (i + 1 < lines.size() ? lines.get(i + 1).text() : "");
      if (named >= 3 && plansIn(around) < Plan.values().length) {
        partial.add(lines.get(i).where() + ": " + lines.get(i).text());
      }
    }
    assertThat(partial)
        .as("lists of some plans but not all " + Arrays.asList(Plan.values()))
        .isEmpty();
  }

  private static int plansIn(String text) {
    return (int)
        Arrays.stream(Plan.values())
            .filter(p -> Pattern.compile("\\b" + p.yamlName() + "\\b").matcher(text).find())
            .count();
  }

  @Test
  void jmeterPlansReadmeHasASectionForEveryPlanAndEveryPlanFileIsAPlans() throws IOException {
    String readme = Files.readString(HOME.resolve("jmeter-plans/README.md"));
    for (Plan plan : Plan.values()) {
      assertThat(readme).as(plan.file()).containsPattern("(?m)^## .*" + Pattern.quote(plan.file()));
    }
    try (Stream<Path> files = Files.list(HOME.resolve("jmeter-plans"))) {
      List<String> strays =
          files
              .map(p -> p.getFileName().toString())
              .filter(n -> n.endsWith(".jmx"))
              .filter(
                  n ->
                      Arrays.stream(Plan.values())
                          .noneMatch(p -> n.startsWith(p.file().replace(".jmx", ""))))
              .toList();
      assertThat(strays).as(".jmx files no plan runs").isEmpty();
    }
  }
}
