package io.tunelab.cli;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.util.List;
import java.util.Optional;

/**
 * A command that failed because a disk filled up (or turned read-only) under it: named as such,
 * with the file and the fix, instead of a stack trace that reads like a bug of the harness.
 */
final class FullDisk {
  /** The C library's words for the errors a full or read-only file system gives (Linux). */
  private static final List<String> REASONS =
      List.of("No space left on device", "Disk quota exceeded", "Read-only file system");

  private FullDisk() {}

  /** The message for {@code failure}, when a full or read-only file system is among its causes. */
  static Optional<String> message(Throwable failure) {
    String context = null;
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof IOException io) {
        Optional<String> reason = reason(io);
        if (reason.isPresent()) {
          return Optional.of(
              "a disk is full or read-only: "
                  + reason.get()
                  + " ("
                  + where(io, context)
                  + "). What was written half-way is never read as a result (a run's folder reads"
                  + " as interrupted): free space there (df -h) or give --out and"
                  + " TUNELAB_RUNTIME folders on a file system with room, and run again");
        }
      }
      String said = t.getMessage();
      if (context == null
          && said != null
          && !said.isBlank()
          && REASONS.stream().noneMatch(said::contains)) {
        context = said;
      }
    }
    return Optional.empty();
  }

  private static Optional<String> reason(IOException io) {
    String text =
        io instanceof FileSystemException fs && fs.getReason() != null
            ? fs.getReason()
            : String.valueOf(io.getMessage());
    return REASONS.stream().filter(text::contains).findFirst();
  }

  /** The file the JDK names, or what the nearest wrapper said it was doing. */
  private static String where(IOException io, String context) {
    if (io instanceof FileSystemException fs && fs.getFile() != null) {
      return "writing " + fs.getFile();
    }
    return context != null ? context : "writing a file";
  }
}
