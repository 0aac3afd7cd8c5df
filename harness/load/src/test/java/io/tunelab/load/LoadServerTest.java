package io.tunelab.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One load JVM running plan after plan, each as a one-shot load JVM would. */
class LoadServerTest {
  @TempDir Path dir;

  @Test
  void aRequestLineKeepsEveryArgumentAndSecretWhole() {
    LoadServer.Request request =
        new LoadServer.Request(
            Path.of("/tmp/a b/load.log"),
            List.of("--plan", "/x y/p.jmx", "-Jquery=a=b&c d", "-Jnl=one\ntwo"),
            Map.of("db.password", "p=a ss%\nword"));

    LoadServer.Request read = LoadServer.Request.parse(request.line());

    assertThat(request.line()).doesNotContain("\n");
    assertThat(read).isEqualTo(request);
  }

  @Test
  void plansRunOneAfterTheOtherEachWithItsOwnPropertiesColumnsAndLogs() throws Exception {
    Path plan = Path.of(LoadServerTest.class.getResource("/debug-loops.jmx").toURI());
    String first =
        request("first", plan, List.of("--sample-variables", "loops", "-Jloops=2")).line();
    String second = request("second", plan, List.of("-Jloops=3")).line();
    String missing = request("missing", dir.resolve("no-such.jmx"), List.of("-Jloops=1")).line();
    ByteArrayOutputStream protocol = new ByteArrayOutputStream();

    int status =
        LoadServer.serve(
            new String[] {"serve", "--work", dir.resolve("server").toString()},
            new ByteArrayInputStream(
                String.join("\n", first, second, missing).getBytes(StandardCharsets.UTF_8)),
            new PrintStream(protocol, true, StandardCharsets.UTF_8));

    assertThat(status).isZero();
    assertThat(protocol.toString(StandardCharsets.UTF_8).lines())
        .as("answers; the first run's log: %s", logOf("first"))
        .containsExactly(
            LoadServer.READY,
            LoadServer.DONE + LoadMain.OK,
            LoadServer.DONE + LoadMain.OK,
            LoadServer.DONE + LoadMain.BAD_INPUT);
    List<String> firstJtl = Files.readAllLines(dir.resolve("first/results.jtl"));
    List<String> secondJtl = Files.readAllLines(dir.resolve("second/results.jtl"));
    assertThat(firstJtl).hasSize(1 + 2);
    assertThat(firstJtl.get(0)).endsWith(",\"loops\"");
    assertThat(secondJtl).hasSize(1 + 3);
    assertThat(secondJtl.get(0)).doesNotContain("loops");
    assertThat(dir.resolve("first/load.log")).content().contains("tunelab load: 2 samples");
    assertThat(dir.resolve("second/load.log")).content().contains("tunelab load: 3 samples");
    assertThat(dir.resolve("missing/load.log")).content().contains("no readable plan");
    assertThat(dir.resolve("first/jmeter.log")).isNotEmptyFile();
    assertThat(dir.resolve("second/jmeter.log")).isNotEmptyFile();
    assertThat(dir.resolve("server/jmeter-home")).doesNotExist();
  }

  /**
   * JMeter forgets its compiled scripts when a test ends; the server's runs share one Groovy
   * engine, which keeps them: both runs' samples name the same script class.
   */
  @Test
  void aPlansGroovyIsCompiledOnceForEveryRunOfTheServer() throws Exception {
    Path plan = Path.of(LoadServerTest.class.getResource("/groovy-class.jmx").toURI());
    List<String> variables = List.of("--sample-variables", "scriptClass");
    String first = request("first", plan, variables).line();
    String second = request("second", plan, variables).line();
    ByteArrayOutputStream protocol = new ByteArrayOutputStream();

    int status =
        LoadServer.serve(
            new String[] {"serve", "--work", dir.resolve("server").toString()},
            new ByteArrayInputStream((first + "\n" + second).getBytes(StandardCharsets.UTF_8)),
            new PrintStream(protocol, true, StandardCharsets.UTF_8));

    assertThat(status).isZero();
    assertThat(protocol.toString(StandardCharsets.UTF_8).lines())
        .as("the first run's log: %s", logOf("first"))
        .containsExactly(
            LoadServer.READY, LoadServer.DONE + LoadMain.OK, LoadServer.DONE + LoadMain.OK);
    List<String> rows = new java.util.ArrayList<>();
    for (String run : List.of("first", "second")) {
      List<String> jtl = Files.readAllLines(dir.resolve(run).resolve("results.jtl"));
      assertThat(jtl).as(run).hasSize(1 + 4);
      jtl.subList(1, jtl.size()).forEach(row -> rows.add(row.substring(row.lastIndexOf(',') + 1)));
    }
    assertThat(rows).hasSize(8).allMatch(c -> c.matches("\"?Script\\d+@\\d+\"?"), "a script class");
    assertThat(new java.util.HashSet<>(rows)).as("the script classes of both runs").hasSize(1);
  }

  private String logOf(String run) {
    try {
      return Files.readString(dir.resolve(run).resolve("load.log"));
    } catch (java.io.IOException e) {
      return e.toString();
    }
  }

  private LoadServer.Request request(String name, Path plan, List<String> more)
      throws URISyntaxException {
    Path work = dir.resolve(name);
    List<String> args =
        new java.util.ArrayList<>(
            List.of(
                "--plan",
                plan.toString(),
                "--jtl",
                work.resolve("results.jtl").toString(),
                "--work",
                work.toString()));
    args.addAll(more);
    return new LoadServer.Request(work.resolve("load.log"), args, Map.of());
  }
}
