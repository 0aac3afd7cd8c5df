package io.tunelab.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.jmeter.threads.JMeterContextService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A run told to stop by its stop file ends before its plan's end, every sample written whole. */
class StopFileTest {
  private static final int LOOPS = 50_000_000;

  @TempDir Path dir;

  @Test
  @Timeout(120)
  void aRunEndsSoonAfterItsStopFileAppearsWithEverySampleWhole() throws Exception {
    Path plan = Path.of(StopFileTest.class.getResource("/debug-loops.jmx").toURI());
    Path work = dir.resolve("work");
    Path jtl = work.resolve("results.jtl");
    Path stop = dir.resolve("stop");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    AtomicInteger status = new AtomicInteger(-1);
    Thread run =
        new Thread(
            () -> {
              try {
                status.set(
                    LoadMain.runPlan(
                        new String[] {
                          "--plan",
                          plan.toString(),
                          "--jtl",
                          jtl.toString(),
                          "--work",
                          work.toString(),
                          "--stop-file",
                          stop.toString(),
                          "-Jloops=" + LOOPS
                        },
                        Map.of(),
                        null,
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(out, true, StandardCharsets.UTF_8)));
              } catch (Exception e) {
                out.writeBytes(e.toString().getBytes(StandardCharsets.UTF_8));
              }
            });
    run.start();
    await()
        .atMost(Duration.ofSeconds(60))
        .until(() -> JMeterContextService.getNumberOfThreads() > 0 || !run.isAlive());
    Files.createFile(stop);
    run.join();

    assertThat(status.get()).as(out.toString(StandardCharsets.UTF_8)).isEqualTo(LoadMain.OK);
    List<String> rows = Files.readAllLines(jtl);
    assertThat(rows.size() - 1).as("samples").isBetween(1, LOOPS - 1);
    assertThat(rows.subList(1, rows.size()))
        .as("each row whole: the JTL's every column")
        .allSatisfy(
            row -> assertThat(row.split(",", -1)).hasSameSizeAs(rows.get(0).split(",", -1)));
    assertThat(work.resolve("jmeter.log")).content().contains("appeared: asking every thread");
  }
}
