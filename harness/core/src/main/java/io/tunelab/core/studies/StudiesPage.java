package io.tunelab.core.studies;

import io.tunelab.core.experiment.Experiment;
import io.tunelab.core.experiment.ExperimentReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * docs/studies.md: every study experiment in {@code experiments/studies/} with what tunelab
 * measured ({@code results/studies/}), grouped by study. A story that was never measured, or has no
 * study block yet, is listed too, so none is hidden. Generated ({@code ./tunelab studies
 * --markdown}), so it cannot drift from the summaries.
 */
public final class StudiesPage {
  /** The study experiments' folder, relative to the checkout. */
  public static final String EXPERIMENTS = "experiments/studies";

  /** The summaries' folder, relative to the checkout. */
  public static final String SUMMARIES = "results/studies";

  /** The command that regenerates the page. */
  public static final String REGENERATE = "./tunelab studies --markdown > docs/studies.md";

  private StudiesPage() {}

  /** The page of the checkout at {@code home}. */
  public static String markdown(Path home) {
    return markdown(experiments(home), new StudySummaries(home.resolve(SUMMARIES)).all());
  }

  /** The page of these experiments and summaries (joined by experiment name). */
  public static String markdown(List<Experiment> experiments, List<StudySummary> summaries) {
    Map<String, StudySummary> byName = new LinkedHashMap<>();
    summaries.forEach(s -> byName.put(s.experiment(), s));
    List<StudyEntry> entries = new ArrayList<>();
    for (Experiment e : experiments) {
      entries.add(new StudyEntry(e, byName.remove(e.name())));
    }
    byName.values().forEach(s -> entries.add(new StudyEntry(null, s)));
    entries.sort(Comparator.comparing(StudyEntry::file));
    Map<String, List<StudyEntry>> byStudy = new TreeMap<>();
    List<StudyEntry> withoutBlock = new ArrayList<>();
    for (StudyEntry entry : entries) {
      Optional<String> study = entry.study();
      if (study.isPresent()) {
        byStudy.computeIfAbsent(study.get(), k -> new ArrayList<>()).add(entry);
      } else {
        withoutBlock.add(entry);
      }
    }
    StringBuilder page = new StringBuilder(StudyMarkdown.intro());
    page.append(StudyMarkdown.overview(byStudy, withoutBlock));
    byStudy.forEach(
        (study, list) -> {
          page.append("\n## ").append(study).append("\n");
          list.forEach(entry -> page.append(StudyMarkdown.entry(entry)));
        });
    if (!withoutBlock.isEmpty()) {
      page.append("\n## Study stories without a study block\n");
      withoutBlock.forEach(entry -> page.append(StudyMarkdown.entry(entry)));
    }
    return page.toString();
  }

  /** Every {@code experiments/studies/*.yaml} of the checkout, by file name. */
  public static List<Experiment> experiments(Path home) {
    Path dir = home.resolve(EXPERIMENTS);
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    List<Path> files;
    try (Stream<Path> list = Files.list(dir)) {
      files = list.filter(p -> p.getFileName().toString().endsWith(".yaml")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + dir, e);
    }
    ExperimentReader reader = new ExperimentReader();
    List<Experiment> out = new ArrayList<>();
    for (Path file : files) {
      String name = file.getFileName().toString();
      try {
        out.add(
            reader.parse(
                EXPERIMENTS + "/" + name,
                name.replaceFirst("\\.yaml$", ""),
                Files.readString(file, StandardCharsets.UTF_8),
                Map.of(),
                OptionalInt.empty()));
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read " + file, e);
      }
    }
    return out;
  }
}
