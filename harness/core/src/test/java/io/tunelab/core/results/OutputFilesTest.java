package io.tunelab.core.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutputFilesTest {
  @TempDir Path dir;

  @Test
  void aWriterThatFailsHalfWayLeavesTheOldFileWholeAndNothingBesideIt() throws IOException {
    Path file = dir.resolve("rep-1/orders.csv");
    OutputFiles.replace(file, "id,outcome\n1,completed\n");

    assertThatThrownBy(
            () ->
                OutputFiles.replace(
                    file,
                    out -> {
                      out.write("id,outcome\n2,".getBytes(StandardCharsets.UTF_8));
                      throw new IOException("the disk is full");
                    }))
        .isInstanceOf(UncheckedIOException.class)
        .hasMessageContaining(file.toString())
        .hasRootCauseMessage("the disk is full");

    assertThat(Files.readString(file)).isEqualTo("id,outcome\n1,completed\n");
    try (var files = Files.list(file.getParent())) {
      assertThat(files.map(p -> p.getFileName().toString())).containsExactly("orders.csv");
    }
  }

  @Test
  void aStreamedFileAndACopyAreWrittenWholeIntoFoldersMadeForThem() throws IOException {
    Path log = dir.resolve("broker.log");
    Files.writeString(log, "started\n");

    OutputFiles.replace(dir.resolve("a/b/latency.hlog"), out -> out.write(new byte[] {1, 2, 3}));
    OutputFiles.copy(log, dir.resolve("logs/stack-1/broker.log"));

    assertThat(Files.readAllBytes(dir.resolve("a/b/latency.hlog"))).containsExactly(1, 2, 3);
    assertThat(dir.resolve("logs/stack-1/broker.log")).hasContent("started");
  }

  @Test
  void aFailedCopyLeavesNoFile() {
    Path target = dir.resolve("logs/db.log");

    assertThatThrownBy(() -> OutputFiles.copy(dir.resolve("no-such.log"), target))
        .isInstanceOf(UncheckedIOException.class);

    assertThat(target).doesNotExist();
    assertThat(target.resolveSibling("db.log.tmp")).doesNotExist();
  }

  @Test
  void aTextFileIsWrittenInItsCharsetWithEveryLineTheWriterBufferedAndAFailureKeepsTheOldOne()
      throws IOException {
    Path file = dir.resolve("series.csv");
    OutputFiles.replaceText(
        file,
        StandardCharsets.ISO_8859_1,
        out -> {
          out.write("label");
          out.newLine();
          out.write("caf\u00e9");
        });

    assertThat(Files.readAllBytes(file))
        .containsExactly('l', 'a', 'b', 'e', 'l', '\n', 'c', 'a', 'f', (byte) 0xe9);
    assertThatThrownBy(
            () ->
                OutputFiles.replaceText(
                    file,
                    StandardCharsets.UTF_8,
                    out -> {
                      out.write("half");
                      throw new IOException("the disk is full");
                    }))
        .isInstanceOf(UncheckedIOException.class);
    assertThat(Files.readAllBytes(file)).hasSize(10);
    assertThat(file.resolveSibling("series.csv.tmp")).doesNotExist();
  }
}
