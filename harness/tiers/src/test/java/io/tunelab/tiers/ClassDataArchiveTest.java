package io.tunelab.tiers;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClassDataArchiveTest {
  @TempDir Path dir;

  @Test
  void theFirstJvmWritesTheArchiveOnceAndTheNextOnesMapIt() throws Exception {
    Path jar = Files.writeString(dir.resolve("tier.jar"), "a jar");
    ClassDataArchive archive = new ClassDataArchive(dir.resolve("cache"), true);

    ClassDataArchive.Use first = archive.forJar(jar);
    assertThat(first.flags().get(0)).startsWith("-XX:ArchiveClassesAtExit=");
    // another JVM of this controller before the first exited: neither writes nor maps
    assertThat(archive.forJar(jar).flags()).isEmpty();
    Files.writeString(first.writing(), "classes"); // what the JVM writes at its exit
    first.afterExit();

    assertThat(first.writing()).doesNotExist();
    assertThat(archive.forJar(jar).flags())
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
    ClassDataArchive.Use rebuilt = new ClassDataArchive(dir.resolve("cache"), true).forJar(jar);
    Files.writeString(rebuilt.writing(), "new classes");
    rebuilt.afterExit();
    assertThat(rebuilt.archive()).hasContent("new classes");
    assertThat(old).as("the earlier build's archive").doesNotExist();
    assertThat(new ClassDataArchive(dir.resolve("cache"), false).forJar(jar).flags()).isEmpty();
  }

  @Test
  void aJvmThatWroteNothingLeavesNoArchive() throws Exception {
    Path jar = Files.writeString(dir.resolve("killed.jar"), "a jar");
    ClassDataArchive.Use use = new ClassDataArchive(dir.resolve("cache"), true).forJar(jar);

    use.afterExit();

    assertThat(use.archive()).doesNotExist();
  }
}
