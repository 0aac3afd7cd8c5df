package io.tunelab.core.history;

import io.tunelab.core.BadInputException;
import io.tunelab.core.results.OutputFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The history as files: {@code <root>/<suite>/<experiment>.csv} in Otava's CSV shape ({@link
 * OtavaCsv}) and {@code <root>/<suite>/otava.yaml} naming them all, rewritten at each append. A
 * file is replaced whole (written beside it, then moved over it), so a run stopped while writing
 * leaves the previous history, never half a file; and an append reads and rewrites the suite's
 * files under a lock ({@value #LOCK_FILE}, locked through its {@link FileChannel} against other
 * processes and held by one thread of this one at a time), so two benches appending at once both
 * keep their rows.
 */
public final class FileHistory implements HistoryStore {
  static final String SUFFIX = ".csv";

  /** The file whose lock an append of a suite holds, in the suite's folder. */
  static final String LOCK_FILE = ".append.lock";

  /** One appender per suite folder in this JVM: a file lock is the process's, not a thread's. */
  private static final Map<Path, Object> LOCAL_LOCKS = new ConcurrentHashMap<>();

  private final Path root;

  public FileHistory(Path root) {
    this.root = root;
  }

  @Override
  public void append(String suite, String experiment, HistoryRow row) {
    Path file = file(suite, experiment);
    Path dir = file.getParent().toAbsolutePath().normalize();
    synchronized (LOCAL_LOCKS.computeIfAbsent(dir, d -> new Object())) {
      try {
        Files.createDirectories(dir);
        try (FileChannel channel =
                FileChannel.open(
                    dir.resolve(LOCK_FILE), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock = channel.lock()) {
          appendLocked(suite, file, row);
        }
      } catch (IOException e) {
        throw new UncheckedIOException("cannot lock the history in " + dir, e);
      }
    }
  }

  private void appendLocked(String suite, Path file, HistoryRow row) {
    List<HistoryRow> rows = new ArrayList<>(rows(file));
    rows.add(row);
    rows.sort(Comparator.comparing(HistoryRow::time));
    OutputFiles.replace(file, OtavaCsv.write(rows));
    Map<String, OtavaConfig.Experiment> experiments = new LinkedHashMap<>();
    read(suite)
        .forEach(
            (name, its) ->
                experiments.put(
                    name, new OtavaConfig.Experiment(name + SUFFIX, OtavaCsv.columns(its))));
    OutputFiles.replace(file.resolveSibling(OtavaConfig.FILE), OtavaConfig.of(suite, experiments));
  }

  @Override
  public Map<String, List<HistoryRow>> read(String suite) {
    Map<String, List<HistoryRow>> history = new LinkedHashMap<>();
    Path dir = root.resolve(suite);
    if (!Files.isDirectory(dir)) {
      return history;
    }
    try (Stream<Path> files = Files.list(dir)) {
      for (Path file : files.filter(f -> f.toString().endsWith(SUFFIX)).sorted().toList()) {
        String name = file.getFileName().toString();
        history.put(name.substring(0, name.length() - SUFFIX.length()), rows(file));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list the history in " + dir, e);
    }
    return history;
  }

  @Override
  public String where() {
    return root.toString();
  }

  /** The file of an experiment's history. */
  public Path file(String suite, String experiment) {
    for (String name : List.of(suite, experiment)) {
      if (name.isBlank() || name.contains("/") || name.contains("\\") || name.startsWith(".")) {
        throw new BadInputException(
            "'" + name + "' cannot name a history file: use letters, digits, '-' and '_'");
      }
    }
    return root.resolve(suite).resolve(experiment + SUFFIX);
  }

  private static List<HistoryRow> rows(Path file) {
    if (!Files.isRegularFile(file)) {
      return List.of();
    }
    try {
      List<HistoryRow> rows =
          new ArrayList<>(
              OtavaCsv.read(Files.readString(file, StandardCharsets.UTF_8), file.toString()));
      rows.sort(Comparator.comparing(HistoryRow::time));
      return rows;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the history " + file, e);
    }
  }
}
