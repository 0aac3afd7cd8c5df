package io.tunelab.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Whether the progress stream (stderr) is a terminal that takes escape codes: a live line goes only
 * there. {@code System.console()} is not enough: it looks at stdin and stdout, so with only stderr
 * redirected (a CI log) the live line's escape codes landed in the file. On Linux the answer is
 * where file descriptor 2 points ({@code /proc/self/fd/2}: a {@code /dev/pts/N} or {@code
 * /dev/ttyN}); elsewhere a console counts. {@code TERM=dumb} and {@code NO_COLOR} turn it off.
 */
final class Terminal {
  private static final Path STDERR = Path.of("/proc/self/fd/2");

  private Terminal() {}

  /** Whether this process's stderr takes escape codes. */
  static boolean stderrIsTerminal() {
    return stderrIsTerminal(STDERR, System.getenv(), System.console() != null);
  }

  static boolean stderrIsTerminal(Path fd2, Map<String, String> env, boolean console) {
    if ("dumb".equals(env.get("TERM")) || env.containsKey("NO_COLOR")) {
      return false;
    }
    if (Files.exists(fd2, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      try {
        String target = Files.readSymbolicLink(fd2).toString();
        return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
      } catch (IOException | UnsupportedOperationException e) {
        return false;
      }
    }
    return console;
  }
}
