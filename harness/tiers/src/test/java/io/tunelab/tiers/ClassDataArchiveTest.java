package io.tunelab.tiers;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClassDataArchiveTest {
  @TempDir Path dir;

  @Test
  void theFirstJvmWritesTheArchiveOnceAndTheNextOnesMapIt() throws Exception {
    Path jar = Files.writeString(dir.resolve("tier.jar"), "a jar");
    ClassDataArchive archive = new ClassDataArchive(dir.resolve("cache"), true);

    ClassDataArchive.Use first = archive.forJar(jar, List.of(), true);
    assertThat(first.flags().get(0)).startsWith("-XX:ArchiveClassesAtExit=");
    // another JVM of this controller before the first exited: neither writes nor maps
    assertThat(archive.forJar(jar, List.of(), true).flags()).isEmpty();
    Files.writeString(first.writing(), "classes"); // what the JVM writes at its exit
    first.afterExit(143); // stopped with SIGTERM: the JDK writes the archive on that exit too

    assertThat(first.writing()).doesNotExist();
    assertThat(archive.forJar(jar, List.of(), true).flags())
        .containsExactly("-XX:SharedArchiveFile=" + first.archive());
  }

  @Test
  void aRebuiltJarGetsItsOwnArchiveAndOffMeansNone() throws Exception {
    Path jar = Files.writeString(dir.resolve("other.jar"), "a jar");
    String before = ClassDataArchive.key(jar);
    Files.writeString(jar, "a rebuilt jar");

    assertThat(ClassDataArchive.key(jar)).startsWith("other-").isNotEqualTo(before);
    Files.createDirectories(dir.resolve("cache"));
    Path old = Files.writeString(dir.resolve("cache").resolve(before + ".jsa"), "old classes");
    ClassDataArchive.Use rebuilt =
        new ClassDataArchive(dir.resolve("cache"), true).forJar(jar, List.of(), true);
    Files.writeString(rebuilt.writing(), "new classes");
    rebuilt.afterExit(0);
    assertThat(rebuilt.archive()).hasContent("new classes");
    assertThat(old).as("the earlier build's archive").doesNotExist();
    assertThat(
            new ClassDataArchive(dir.resolve("cache"), false).forJar(jar, List.of(), true).flags())
        .isEmpty();
  }

  @Test
  void aJvmThatWroteNothingLeavesNoArchive() throws Exception {
    Path jar = Files.writeString(dir.resolve("killed.jar"), "a jar");
    ClassDataArchive.Use use =
        new ClassDataArchive(dir.resolve("cache"), true).forJar(jar, List.of(), true);

    use.afterExit(0);

    assertThat(use.archive()).doesNotExist();
  }

  @Test
  void aKilledJvmsArchiveIsNotTrustedAndNotKept() throws Exception {
    Path jar = Files.writeString(dir.resolve("sigkill.jar"), "a jar");
    ClassDataArchive.Use use =
        new ClassDataArchive(dir.resolve("cache"), true).forJar(jar, List.of(), true);
    Files.writeString(use.writing(), "half an archive");

    use.afterExit(ClassDataArchive.KILLED);

    assertThat(use.archive()).doesNotExist();
    assertThat(use.writing()).doesNotExist();
  }

  @Test
  void aTierThatSetsClassSharingItselfGetsNothingAdded() throws Exception {
    Path jar = Files.writeString(dir.resolve("own.jar"), "a jar");
    ClassDataArchive archive = new ClassDataArchive(dir.resolve("cache"), true);

    // with -Xshare:off the JDK refuses to start a JVM asked to write an archive
    assertThat(archive.forJar(jar, List.of("-Xmx256m", "-Xshare:off"), true).flags()).isEmpty();
    assertThat(archive.forJar(jar, List.of("-XX:SharedArchiveFile=/x.jsa"), true).flags())
        .isEmpty();
    assertThat(archive.forJar(jar, List.of("-Xmx256m"), true).flags()).hasSize(2);
  }

  @Test
  void aJvmRecordingWithJfrOrLoadingAnAgentGetsNoArchive() throws Exception {
    Path jar = Files.writeString(dir.resolve("jfr.jar"), "a jar");
    Files.createDirectories(dir.resolve("cache"));
    Files.writeString(dir.resolve("cache").resolve(ClassDataArchive.key(jar) + ".jsa"), "classes");
    ClassDataArchive archive = new ClassDataArchive(dir.resolve("cache"), true);

    for (String flag :
        List.of(
            "-XX:StartFlightRecording=filename=/tmp/mw.jfr,settings=profile",
            "-XX:+FlightRecorder",
            "-javaagent:/opt/agent.jar",
            "-agentlib:jdwp=transport=dt_socket,server=y",
            "-agentpath:/opt/libprofiler.so")) {
      assertThat(archive.forJar(jar, List.of("-Xmx256m", flag), true).flags()).as(flag).isEmpty();
    }
    assertThat(archive.forJar(jar, List.of("-Xmx256m"), true).flags()).hasSize(1);
    assertThat(
            new ClassDataArchive(dir.resolve("cache"), true, " -XX:StartFlightRecording ")
                .forJar(jar, List.of(), true)
                .flags())
        .as("JFR asked for by JAVA_TOOL_OPTIONS")
        .isEmpty();
    assertThat(
            new ClassDataArchive(dir.resolve("cache"), true, "-XX:TieredStopAtLevel=1")
                .forJar(jar, List.of(), true)
                .flags())
        .hasSize(1);
  }

  @Test
  void aDetachedTierMapsAnArchiveButNeverWritesOne() throws Exception {
    Path jar = Files.writeString(dir.resolve("detached.jar"), "a jar");
    ClassDataArchive archive = new ClassDataArchive(dir.resolve("cache"), true);

    assertThat(archive.forJar(jar, List.of(), false).flags()).isEmpty();
    Files.createDirectories(dir.resolve("cache"));
    Path written =
        Files.writeString(
            dir.resolve("cache").resolve(ClassDataArchive.key(jar) + ".jsa"), "classes");
    assertThat(archive.forJar(jar, List.of(), false).flags())
        .containsExactly("-XX:SharedArchiveFile=" + written);
  }

  @Test
  void aChangedJarInItsLibFolderChangesTheKey() throws Exception {
    Path jar = Files.writeString(dir.resolve("app.jar"), "a jar");
    Files.createDirectories(dir.resolve("lib"));
    Path dependency = Files.writeString(dir.resolve("lib").resolve("dep.jar"), "v1");
    String before = ClassDataArchive.key(jar);

    Files.writeString(dependency, "version 2");

    // the JDK checks every jar of the class path and maps nothing when one changed
    assertThat(ClassDataArchive.key(jar)).isNotEqualTo(before);
  }

  @Test
  void whatAnEndedControllerLeftHalfWrittenIsRemoved() throws Exception {
    Path cache = Files.createDirectories(dir.resolve("cache"));
    long ended = new ProcessBuilder("true").start().onExit().get().pid();
    Path abandoned = Files.writeString(cache.resolve("old-0123." + ended + ".writing"), "half");
    Path ours =
        Files.writeString(
            cache.resolve("mine-0123." + ProcessHandle.current().pid() + ".writing"), "busy");
    Path jar = Files.writeString(dir.resolve("next.jar"), "a jar");

    new ClassDataArchive(cache, true).forJar(jar, List.of(), true);

    assertThat(abandoned).doesNotExist();
    assertThat(ours).as("a live controller's").exists();
  }
}
