package io.tunelab.tiers.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tunelab.core.stack.Backend;
import io.tunelab.core.stack.Endpoints;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StackRegistryTest {
  @TempDir Path runtime;
  private final List<Process> started = new ArrayList<>();

  @AfterEach
  void killLeftovers() {
    started.forEach(Process::destroyForcibly);
  }

  private Process sleeper() throws IOException {
    Process process = new ProcessBuilder("sleep", "300").start();
    started.add(process);
    return process;
  }

  private static long deadPid() throws Exception {
    Process process = new ProcessBuilder("true").start();
    process.waitFor();
    return process.pid();
  }

  private StackState state(String id, Long owner, Process tierProcess) {
    return new StackState(
        id,
        "embedded",
        owner,
        "2026-11-22T10:00:00Z",
        runtime.resolve("stacks").resolve(id).toString(),
        null,
        Map.of("db", 10L),
        List.of(
            new StackState.TierRecord(
                "db", "db.log", List.of(ProcessRecord.of(tierProcess.toHandle(), "TERM")))));
  }

  @Test
  void stopsTheTiersOfAStackWhoseControllerDied() throws Exception {
    StackRegistry registry = new StackRegistry(runtime);
    Process tier = sleeper();
    registry.save(state("orphan", deadPid(), tier));

    List<String> cleaned = registry.cleanStale();

    assertThat(cleaned).containsExactly("orphan");
    await().atMost(Duration.ofSeconds(20)).until(() -> !tier.isAlive());
    assertThat(registry.find("orphan")).isEmpty();
  }

  @Test
  void leavesDetachedAndOwnedStacksRunning() throws Exception {
    StackRegistry registry = new StackRegistry(runtime);
    Process detachedTier = sleeper();
    Process ownedTier = sleeper();
    registry.save(state("detached", null, detachedTier));
    registry.save(state("owned", ProcessHandle.current().pid(), ownedTier));

    assertThat(registry.cleanStale()).isEmpty();

    assertThat(detachedTier.isAlive()).isTrue();
    assertThat(ownedTier.isAlive()).isTrue();
    assertThat(registry.list()).extracting(StackState::id).containsExactly("detached", "owned");
  }

  @Test
  void neverStopsAProcessThatMerelyReusedARecordedPid() throws Exception {
    StackRegistry registry = new StackRegistry(runtime);
    Process unrelated = sleeper();
    ProcessRecord recordedEarlier =
        new ProcessRecord(
            unrelated.pid(),
            ProcessRecord.of(unrelated.toHandle(), "TERM").startEpochMillis() - 60_000,
            "TERM");

    assertThat(recordedEarlier.live()).isEmpty();
    registry.save(
        new StackState(
            "recycled",
            "embedded",
            deadPid(),
            "2026-11-22T10:00:00Z",
            runtime.toString(),
            null,
            Map.of(),
            List.of(new StackState.TierRecord("db", "db.log", List.of(recordedEarlier)))));

    registry.cleanStale();

    assertThat(unrelated.isAlive()).isTrue();
  }

  @Test
  void stopKeepsLogsAndRemovesData() throws Exception {
    StackRegistry registry = new StackRegistry(runtime);
    Path dir = registry.newStackDirectory("s1");
    Files.createDirectories(dir.resolve("db/data"));
    Files.writeString(dir.resolve("db/data/PG_VERSION"), "15");
    Files.writeString(dir.resolve("db/postgres.log"), "ready");
    Process tier = sleeper();
    registry.save(state("s1", null, tier));

    registry.stop(registry.find("s1").orElseThrow());

    await().atMost(Duration.ofSeconds(5)).until(() -> !tier.isAlive());
    assertThat(dir.resolve("db/postgres.log")).exists();
    assertThat(dir.resolve("db/data")).doesNotExist();
    assertThat(dir.resolve(StackRegistry.STATE_FILE)).doesNotExist();
  }

  @Test
  void credentialsAreKeptApartReadableByTheUserAloneAndGoWithTheStack() throws Exception {
    StackRegistry registry = new StackRegistry(runtime);
    registry.newStackDirectory("s2");
    Endpoints endpoints =
        new Endpoints(
            "jdbc:postgresql://127.0.0.1:5432/tunelab",
            "tunelab",
            "db-secret",
            "tcp://127.0.0.1:61616",
            "tunelab",
            "broker-secret",
            Map.of(Backend.SIEBEL, "http://127.0.0.1:1", Backend.BRM, "http://127.0.0.1:2"));
    registry.save(
        new StackState(
            "s2", "embedded", null, "now", "dir", endpoints.masked(), Map.of(), List.of()));

    registry.saveCredentials("s2", endpoints);

    Path stackDir = runtime.resolve("stacks/s2");
    assertThat(Files.readString(stackDir.resolve(StackRegistry.STATE_FILE)))
        .doesNotContain("db-secret")
        .doesNotContain("broker-secret");
    assertThat(Files.getPosixFilePermissions(stackDir.resolve(StackRegistry.CREDENTIALS_FILE)))
        .isEqualTo(PosixFilePermissions.fromString("rw-------"));
    assertThat(registry.credentials("s2").orElseThrow().db().password()).isEqualTo("db-secret");
    assertThat(registry.credentials("s2").orElseThrow().broker().password())
        .isEqualTo("broker-secret");
    registry.forget("s2");
    assertThat(registry.credentials("s2")).isEmpty();
  }
}
