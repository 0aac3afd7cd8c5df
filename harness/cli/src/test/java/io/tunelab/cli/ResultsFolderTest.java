package io.tunelab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tunelab.core.BadInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The results folder's room, read from its real file system before anything starts. */
class ResultsFolderTest {
  @TempDir Path dir;

  @Test
  void aFileSystemWithLessRoomThanARunNeedsIsRefusedNamingItsFreeSpaceAndTheFix() throws Exception {
    Path out = dir.resolve("results/deeper");
    long free = Files.getFileStore(dir).getUsableSpace();

    assertThatThrownBy(() -> ResultsFolder.require(out, "--out", free + (1L << 40)))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("--out " + out + ": the file system of " + dir + " has ")
        .hasMessageContaining(" MB free, less than the ")
        .hasMessageContaining("df -h " + dir)
        .hasMessageContaining("give --out a folder on another file system");
    assertThat(out.getParent()).doesNotExist();
  }

  @Test
  void aFileSystemWithRoomPasses() {
    Path out = dir.resolve("results");

    assertThat(ResultsFolder.require(out, "--out", 1)).isEqualTo(out);
  }
}
