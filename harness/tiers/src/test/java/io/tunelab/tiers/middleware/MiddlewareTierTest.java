package io.tunelab.tiers.middleware;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MiddlewareTierTest {
  @TempDir Path dir;

  @Test
  void theStatusPortIsFoundFarAboveTheLogsEndAndOnlyForItsOwnPid() throws IOException {
    List<String> lines = new ArrayList<>();
    lines.add("tunelab middleware ready: status http://127.0.0.1:40001 (pid 11)");
    lines.add("tunelab middleware ready: status http://127.0.0.1:40002 (pid 22)");
    for (int i = 0; i < 1_000; i++) {
      lines.add("[tunelab-dequeue-1] WARN a message the middleware logs on a full queue " + i);
    }
    Path log = Files.write(dir.resolve("middleware.log"), lines);

    assertThat(MiddlewareTier.statusPort(log, 22, 0)).contains(40002);
    assertThat(MiddlewareTier.statusPort(log, 11, 0)).contains(40001);
    assertThat(MiddlewareTier.statusPort(log, 33, 0)).isEmpty();
    assertThat(MiddlewareTier.statusPort(dir.resolve("absent.log"), 22, 0)).isEmpty();
  }

  @Test
  void aBannerAnEarlierMiddlewareWithTheSamePidLeftIsNotThisOnes() throws IOException {
    Path log =
        Files.write(
            dir.resolve("middleware.log"),
            List.of("tunelab middleware ready: status http://127.0.0.1:34655 (pid 9232)"));
    long launchedAt = Files.size(log);

    assertThat(MiddlewareTier.statusPort(log, 9232, launchedAt)).isEmpty();

    Files.writeString(
        log,
        "tunelab middleware ready: status http://127.0.0.1:34491 (pid 9232)\n",
        java.nio.file.StandardOpenOption.APPEND);
    assertThat(MiddlewareTier.statusPort(log, 9232, launchedAt)).contains(34491);
    assertThat(MiddlewareTier.statusPort(log, 9232, Long.MAX_VALUE)).isEmpty();
  }
}
