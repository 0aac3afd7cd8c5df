package io.tunelab.core.experiment;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;

/**
 * Step names name the folders of a run ({@link Step#folderName()}), so each must make a folder of
 * its own: not empty, not only dots, not a file name the run's folder keeps for itself or a device
 * name on Windows, not longer than a folder name may be, and no two steps may share a folder once
 * their names are made safe (characters other than letters, digits and {@code . _ = + -} become
 * {@code _}, and case is ignored, as on macOS and Windows).
 */
final class StepFolders {
  /** Longest folder name: file systems stop at 255 bytes, and the run adds its own names. */
  static final int MAX_LENGTH = 200;

  /**
   * Names the run's folder keeps for its own files and folders. Written out, not read from the
   * results package, which builds on this one; StepFoldersTest holds the list to the files a run
   * writes.
   */
  static final Set<String> RESERVED =
      Set.of("run.json", "summary.md", "repetitions.csv", "report.html", "logs");

  private static final String WINDOWS_DEVICE = "(?i)(con|prn|aux|nul|com[0-9]|lpt[0-9])(\\..*)?";

  private StepFolders() {}

  /**
   * @param place where step {@code i} is, for messages ({@code steps[1] (tuned)})
   * @throws io.tunelab.core.BadInputException naming the step, the problem and the fix
   */
  static void check(Where top, List<Step> steps, IntFunction<String> place) {
    Map<String, Integer> folders = new HashMap<>();
    for (int i = 0; i < steps.size(); i++) {
      Step step = steps.get(i);
      String problem = problem(step);
      if (problem != null) {
        throw top.bad(place.apply(i) + ": " + problem);
      }
      Integer other = folders.putIfAbsent(step.folderName().toLowerCase(Locale.ROOT), i);
      if (other != null) {
        throw top.bad(
            place.apply(i)
                + ": step names '"
                + steps.get(other).name()
                + "' and '"
                + step.name()
                + "' would share the results folder '"
                + step.folderName()
                + "' (characters other than letters, digits and . _ = + - become '_', and case"
                + " is ignored): rename one of them");
      }
    }
  }

  private static String problem(Step step) {
    String name = step.name();
    String folder = step.folderName();
    if (name.isBlank()) {
      return "a step name must not be empty (it names the step's results folder): give it one,"
          + " e.g. name: tuned";
    }
    if (folder.matches("\\.+")) {
      return "'"
          + name
          + "' cannot name a folder (only dots): use letters, digits and . _ = + -, e.g. name:"
          + " tuned";
    }
    if (RESERVED.contains(folder.toLowerCase(Locale.ROOT)) || folder.matches(WINDOWS_DEVICE)) {
      return "'"
          + name
          + "' is a name the run's folder keeps for its own files ("
          + String.join(", ", RESERVED.stream().sorted().toList())
          + ") or a device name on Windows (CON, NUL, COM1, LPT1, ...): rename the step";
    }
    if (folder.length() > MAX_LENGTH) {
      return "the step name is "
          + folder.length()
          + " characters, and a results folder name takes at most "
          + MAX_LENGTH
          + ": shorten it";
    }
    return null;
  }
}
