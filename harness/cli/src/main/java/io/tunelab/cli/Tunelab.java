package io.tunelab.cli;

import io.tunelab.core.BadInputException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code tunelab} command: the controller of the stack, the runs and the results. */
@Command(
    name = "tunelab",
    mixinStandardHelpOptions = true,
    versionProvider = Version.class,
    description =
        "Load-test harness: a real PostgreSQL/Artemis/WireMock stack, JMeter load, knobs.",
    subcommands = {
      StackCommand.class,
      RunCommand.class,
      CompareCommand.class,
      ReportCommand.class,
      KnobsCommand.class,
      CommandLine.HelpCommand.class
    })
public final class Tunelab {
  /** Exit code of a run that completed but is invalid (lost or duplicated orders, errors). */
  public static final int EXIT_INVALID_RUN = 1;

  public static void main(String[] args) {
    System.exit(execute(args));
  }

  /** Runs the command line and returns its exit code, without exiting. */
  public static int execute(String... args) {
    return commandLine().execute(args);
  }

  static CommandLine commandLine() {
    CommandLine commandLine = new CommandLine(new Tunelab());
    // --jvm fresh, --order interleaved: enum options in the YAML's lower case
    commandLine.setCaseInsensitiveEnumValuesAllowed(true);
    commandLine.setExecutionExceptionHandler(
        (exception, cmd, parseResult) -> {
          if (exception instanceof BadInputException) {
            cmd.getErr().println("tunelab: " + exception.getMessage());
            return BadInputException.EXIT_CODE;
          }
          throw exception;
        });
    // Usage mistakes (unknown option, missing parameter) are bad input too.
    commandLine.setParameterExceptionHandler(
        (exception, args) -> {
          CommandLine cmd = exception.getCommandLine();
          cmd.getErr().println("tunelab: " + exception.getMessage());
          CommandLine.UnmatchedArgumentException.printSuggestions(exception, cmd.getErr());
          cmd.getErr().println("Try '" + cmd.getCommandSpec().qualifiedName() + " --help'.");
          return BadInputException.EXIT_CODE;
        });
    return commandLine;
  }
}
