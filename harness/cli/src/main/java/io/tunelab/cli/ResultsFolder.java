package io.tunelab.cli;

import io.tunelab.core.BadInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The folder a run's folder is made in ({@code --out}), checked before anything starts: every part
 * of it that exists must be a folder, the deepest one that exists must be writable, and its file
 * system must have room for a run's files.
 */
final class ResultsFolder {
  /**
   * The room a run's folder needs at least: a quickstart writes about 20 MB (JTLs, dashboards, the
   * tiers' logs and snapshots), a study's long ladder 50-100 MB. A run that meets a full disk ends
   * with a harness failure and a folder that says it is incomplete; refusing it before the tiers
   * start costs nothing.
   */
  static final long MINIMUM_FREE_BYTES = 256L * 1024 * 1024;

  private ResultsFolder() {}

  /**
   * @throws BadInputException naming the part that is in the way, or the free space, and the fix
   */
  static Path require(Path out, String option) {
    return require(out, option, MINIMUM_FREE_BYTES);
  }

  static Path require(Path out, String option, long minimumFreeBytes) {
    Path absolute = out.toAbsolutePath().normalize();
    for (Path part = absolute; part != null; part = part.getParent()) {
      if (Files.exists(part)) {
        if (!Files.isDirectory(part)) {
          throw new BadInputException(
              option
                  + " "
                  + out
                  + ": "
                  + part
                  + " is a file, not a folder, so no results folder can be made under it: give "
                  + option
                  + " a folder (it is made when missing)");
        }
        if (!Files.isWritable(part)) {
          throw new BadInputException(
              option
                  + " "
                  + out
                  + ": "
                  + part
                  + " is not writable by you, so the run could write no results: give "
                  + option
                  + " a folder of yours");
        }
        requireRoom(out, option, part, minimumFreeBytes);
        return out;
      }
    }
    return out;
  }

  private static void requireRoom(Path out, String option, Path existing, long minimumFreeBytes) {
    long free;
    try {
      free = Files.getFileStore(existing).getUsableSpace();
    } catch (IOException e) {
      // a file system that cannot say its free space: the write itself will tell
      return;
    }
    if (free < minimumFreeBytes) {
      throw new BadInputException(
          option
              + " "
              + out
              + ": the file system of "
              + existing
              + " has "
              + megabytes(free)
              + " MB free, less than the "
              + megabytes(minimumFreeBytes)
              + " MB a run's results need at least: free space there (df -h "
              + existing
              + ") or give "
              + option
              + " a folder on another file system");
    }
  }

  private static long megabytes(long bytes) {
    return bytes / (1024 * 1024);
  }
}
