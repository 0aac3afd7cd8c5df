package io.tunelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The live progress line's escape codes go only to a terminal: stderr is judged by where its file
 * descriptor points, not by whether stdin and stdout are a console.
 */
class TerminalTest {
  @TempDir Path dir;

  private Path fd2(String target) throws Exception {
    Path link = dir.resolve("2");
    Files.deleteIfExists(link);
    return Files.createSymbolicLink(link, Path.of(target));
  }

  @Test
  void aPseudoTerminalOrTtyIsOne() throws Exception {
    assertThat(Terminal.stderrIsTerminal(fd2("/dev/pts/3"), Map.of(), false)).isTrue();
    assertThat(Terminal.stderrIsTerminal(fd2("/dev/tty1"), Map.of(), false)).isTrue();
  }

  @Test
  void stderrRedirectedToAFileOrPipeIsNoneEvenWithAConsole() throws Exception {
    assertThat(Terminal.stderrIsTerminal(fd2("/tmp/ci.log"), Map.of(), true)).isFalse();
    assertThat(Terminal.stderrIsTerminal(fd2("pipe:[1234]"), Map.of(), true)).isFalse();
  }

  @Test
  void dumbTermsAndNoColorTurnItOff() throws Exception {
    assertThat(Terminal.stderrIsTerminal(fd2("/dev/pts/3"), Map.of("TERM", "dumb"), true))
        .isFalse();
    assertThat(Terminal.stderrIsTerminal(fd2("/dev/pts/3"), Map.of("NO_COLOR", ""), true))
        .isFalse();
  }

  @Test
  void withoutProcOnlyAConsoleCounts() {
    Path none = dir.resolve("no-proc/2");
    assertThat(Terminal.stderrIsTerminal(none, Map.of(), true)).isTrue();
    assertThat(Terminal.stderrIsTerminal(none, Map.of(), false)).isFalse();
  }

  @Test
  void thisTestsStderrGoesToMavenNotATerminal() {
    assertThat(Terminal.stderrIsTerminal()).isFalse();
  }
}
