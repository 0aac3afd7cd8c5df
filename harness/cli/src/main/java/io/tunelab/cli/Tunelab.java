package io.tunelab.cli;

import io.tunelab.core.BadInputException;
import io.tunelab.core.ExitCodes;
import io.tunelab.core.HarnessFailureException;
import java.io.PrintWriter;
import java.util.Optional;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code tunelab} command: the controller of the stack, the runs and the results. Its exit
 * codes are {@link ExitCodes}: 0 valid, 1 an invalid run, 2 bad input, 3 the harness or a tier
 * failed, 4 a gate failed.
 */
@Command(
    name = "tunelab",
    mixinStandardHelpOptions = true,
    // --help and --version on every subcommand too: the usage errors say "Try 'tunelab stack
    // --help'"
    scope = CommandLine.ScopeType.INHERIT,
    versionProvider = Version.class,
    description =
        "Load-test harness: a real PostgreSQL/Artemis/WireMock stack, JMeter load, knobs.",
    exitCodeListHeading = "%nExit codes (every command):%n",
    exitCodeList = {
      "0:valid (and every gate passed)",
      "1:an invalid run (lost or duplicated orders, errors, a stalled drain, a dead middleware)",
      "2:bad input, nothing left running",
      "3:the harness or a tier failed",
      "4:a gate failed (run --threshold, compare, bench): a threshold crossed, a significant"
          + " regression, a check that could not be judged"
    },
    footer = {
      "",
      "Shell completion: source <(./tunelab completion) (bash; zsh with bashcompinit).",
      "Docs: README.md, docs/."
    },
    subcommands = {
      StackCommand.class,
      RunCommand.class,
      ValidateCommand.class,
      CompareCommand.class,
      BenchCommand.class,
      BaselineCommand.class,
      HistoryCommand.class,
      ReportCommand.class,
      KnobsCommand.class,
      FindingsCommand.class,
      StudiesCommand.class,
      TuneCommand.class,
      ThreadsCommand.class,
      CommandLine.HelpCommand.class
    })
public final class Tunelab {
  public static void main(String[] args) {
    System.exit(execute(args));
  }

  /** Runs the command line and returns its exit code, without exiting. */
  public static int execute(String... args) {
    return commandLine().execute(args);
  }

  static CommandLine commandLine() {
    CommandLine commandLine = new CommandLine(new Tunelab());
    // picocli's own completion script generator, shown in the help (it hides it by default)
    CommandLine completion = new CommandLine(new AutoComplete.GenerateCompletion());
    completion
        .getCommandSpec()
        .usageMessage()
        .hidden(false)
        .description(
            "Print the bash completion script of tunelab (picocli's): source <(./tunelab"
                + " completion), or save it as /etc/bash_completion.d/tunelab; zsh: autoload -U"
                + " bashcompinit && bashcompinit first.");
    commandLine.addSubcommand("completion", completion);
    // --jvm fresh, --order interleaved: enum options in the YAML's lower case
    commandLine.setCaseInsensitiveEnumValuesAllowed(true);
    // "@file.md" is an option value of its own (studies record --discussion): picocli's argument
    // files would replace it with the file's words
    commandLine.setExpandAtFiles(false);
    commandLine.setExecutionExceptionHandler(
        (exception, cmd, parseResult) -> {
          PrintWriter err = cmd.getErr();
          if (exception instanceof BadInputException) {
            err.println("tunelab: " + exception.getMessage());
            return ExitCodes.BAD_INPUT;
          }
          Optional<String> fullDisk = FullDisk.message(exception);
          if (exception instanceof HarnessFailureException) {
            err.println("tunelab: " + exception.getMessage());
          } else if (fullDisk.isPresent()) {
            err.println("tunelab: " + fullDisk.get());
          } else {
            // not a failure the harness knows how to name: a bug, so show where it happened
            err.println("tunelab: the harness failed: " + exception);
            exception.printStackTrace(err);
          }
          return ExitCodes.FAILURE;
        });
    // Usage mistakes (unknown option, missing parameter) are bad input too.
    commandLine.setParameterExceptionHandler(
        (exception, args) -> {
          CommandLine cmd = exception.getCommandLine();
          cmd.getErr().println("tunelab: " + exception.getMessage());
          CommandLine.UnmatchedArgumentException.printSuggestions(exception, cmd.getErr());
          cmd.getErr().println("Try '" + cmd.getCommandSpec().qualifiedName() + " --help'.");
          return ExitCodes.BAD_INPUT;
        });
    return commandLine;
  }
}
