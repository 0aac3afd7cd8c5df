package io.tunelab.core.studies;

import io.tunelab.core.experiment.Experiment;
import io.tunelab.core.experiment.Study;
import java.util.List;
import java.util.Optional;

/**
 * One study story on docs/studies.md: its experiment in {@code experiments/studies/} and its
 * recorded summary, either of which may be missing (not measured yet; a summary whose experiment
 * file is gone).
 *
 * @param experiment the experiment read from its file; null when only a summary is left
 * @param summary its summary in {@code results/studies/}; null when not measured yet
 */
record StudyEntry(Experiment experiment, StudySummary summary) {
  StudyEntry {
    if (experiment == null && summary == null) {
      throw new IllegalArgumentException("an entry has an experiment, a summary or both");
    }
  }

  String name() {
    return experiment != null ? experiment.name() : summary.experiment();
  }

  String file() {
    return experiment != null ? experiment.file() : summary.file();
  }

  /** The study's name, from the summary when measured; empty for a story with no study block. */
  Optional<String> study() {
    if (summary != null) {
      return Optional.of(summary.study().name());
    }
    return experiment.studyBlock().map(Study::name);
  }

  /**
   * Whether the experiment's study block says something else than the one the summary was recorded
   * with (an effect reworded, a step added): the page then says to record it again.
   */
  boolean blockChanged() {
    if (experiment == null || summary == null) {
      return false;
    }
    Optional<Study> block = experiment.studyBlock();
    if (block.isEmpty()) {
      return true;
    }
    Study study = block.get();
    List<String> now =
        study.expectations().stream()
            .map(
                e ->
                    e.step()
                        + "|"
                        + e.against().label()
                        + "|"
                        + e.direction().label()
                        + "|"
                        + e.effect())
            .toList();
    List<String> recorded =
        summary.expectations().stream()
            .map(m -> m.step() + "|" + m.against() + "|" + m.expected() + "|" + m.effect())
            .toList();
    return !study.name().equals(summary.study().name())
        || !study.metric().key().equals(summary.study().metric())
        || !now.equals(recorded);
  }
}
