package io.tunelab.cli;

import io.tunelab.core.BadInputException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The folder a run's folder is made in ({@code --out}), checked before anything starts: every part
 * of it that exists must be a folder, and the deepest one that exists must be writable.
 */
final class ResultsFolder {
  private ResultsFolder() {}

  /**
   * @throws BadInputException naming the part that is in the way and the fix
   */
  static Path require(Path out, String option) {
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
        return out;
      }
    }
    return out;
  }
}
