package io.tunelab.cli;

import io.tunelab.core.BadInputException;
import io.tunelab.core.experiment.Experiment;
import io.tunelab.core.experiment.ExperimentReader;
import io.tunelab.core.results.RunFiles;
import io.tunelab.core.results.RunResult;
import io.tunelab.core.studies.StudiesPage;
import io.tunelab.core.studies.StudyRecorder;
import io.tunelab.core.studies.StudySummaries;
import io.tunelab.core.studies.StudySummary;
import io.tunelab.tiers.TunelabHome;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code tunelab studies}: the published studies beside tunelab's measurements. {@code record RUN}
 * summarises a study experiment's run into {@code results/studies/}; {@code --markdown} prints
 * docs/studies.md from those summaries and {@code experiments/studies/}.
 */
@Command(
    name = "studies",
    description = {
      "List the study stories (experiments/studies/) and what was recorded of them"
          + " (results/studies/); --markdown prints docs/studies.md.",
      "Record a run of one: tunelab studies record results/<run-id>."
    },
    subcommands = {StudiesCommand.Record.class})
final class StudiesCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--markdown", description = "Print the page docs/studies.md.")
  boolean markdown;

  @Override
  public Integer call() {
    Path home = TunelabHome.locate().root();
    PrintWriter out = spec.commandLine().getOut();
    if (markdown) {
      out.print(StudiesPage.markdown(home));
    } else {
      StudySummaries summaries = new StudySummaries(home.resolve(StudiesPage.SUMMARIES));
      List<Experiment> experiments = StudiesPage.experiments(home);
      int width = experiments.stream().mapToInt(e -> e.file().length()).max().orElse(0);
      for (Experiment e : experiments) {
        String recorded =
            summaries
                .read(e.name())
                .map(s -> "recorded from run " + s.runId() + " (" + s.date() + ")")
                .orElse("not measured yet");
        String study = e.studyBlock().map(s -> s.name()).orElse("(no study block)");
        out.printf("%-" + width + "s  %-20s  %s%n", e.file(), study, recorded);
      }
    }
    out.flush();
    return 0;
  }

  @Command(
      name = "record",
      description = {
        "Summarise RUN (a results/<run-id> folder or its run.json), a run of a study experiment,"
            + " against the experiment's study: block into results/studies/<experiment>.json:"
            + " per step the metric's values, per expectation the ratio with Fieller's 95%%"
            + " interval, Welch's p (Holm-adjusted), the direction and whether it is the study's."
            + " Commit the file, then regenerate docs/studies.md.",
        "The run must be complete and its steps the experiment's. Exit code 0 recorded, 2 bad"
            + " input (nothing written)."
      })
  static final class Record implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Parameters(index = "0", paramLabel = "RUN", description = "the run to record")
    Path run;

    @Option(
        names = "--discussion",
        paramLabel = "TEXT|@FILE",
        description =
            "The summary's discussion (why the magnitude differs where the physics differ):"
                + " text, or @file.md for a file's content. Default: keep the recorded one.")
    String discussion;

    @Option(
        names = "--studies",
        paramLabel = "DIR",
        description = "The summaries' folder (default: results/studies of the checkout).")
    Path studies;

    @Override
    public Integer call() {
      TunelabHome home = TunelabHome.locate();
      RunResult result = RunFiles.read(run);
      Experiment experiment = experiment(home.root(), result);
      StudySummary summary = StudyRecorder.record(result, experiment);
      Optional<String> text = discussion == null ? Optional.empty() : Optional.of(text(discussion));
      Path root = studies != null ? studies : home.root().resolve(StudiesPage.SUMMARIES);
      Path file = new StudySummaries(root).save(summary, text);
      PrintWriter out = spec.commandLine().getOut();
      out.println(
          "study summary of "
              + summary.experiment()
              + " (run "
              + summary.runId()
              + "): "
              + file
              + "; "
              + summary.expectations().stream()
                  .filter(m -> m.match() == StudySummary.Match.YES)
                  .count()
              + " of "
              + summary.expectations().size()
              + " in the study's direction. Commit it and regenerate the page: "
              + StudiesPage.REGENERATE);
      out.flush();
      return 0;
    }

    /** The run's experiment as its file says now, named in messages as the run recorded it. */
    private static Experiment experiment(Path home, RunResult run) {
      Path file = Path.of(run.file());
      Path resolved = file.isAbsolute() ? file : home.resolve(file);
      if (!Files.isRegularFile(resolved) && Files.isRegularFile(file)) {
        resolved = file;
      }
      String name = file.getFileName().toString().replaceFirst("\\.ya?ml$", "");
      try {
        return new ExperimentReader()
            .parse(
                run.file(),
                name,
                Files.readString(resolved, StandardCharsets.UTF_8),
                Map.of(),
                OptionalInt.empty());
      } catch (NoSuchFileException e) {
        throw new BadInputException(
            "run "
                + run.runId()
                + " ran "
                + run.file()
                + ", which is not there (looked in "
                + home
                + "): run this from the checkout that ran it");
      } catch (IOException e) {
        throw new BadInputException("cannot read " + resolved + ": " + e, e);
      }
    }

    private static String text(String option) {
      if (!option.startsWith("@")) {
        return option;
      }
      Path file = Path.of(option.substring(1));
      try {
        return Files.readString(file, StandardCharsets.UTF_8).strip();
      } catch (IOException e) {
        throw new BadInputException(
            "--discussion "
                + option
                + ": cannot read "
                + file
                + " ("
                + e
                + "): give a file that exists, or the text itself");
      }
    }
  }
}
