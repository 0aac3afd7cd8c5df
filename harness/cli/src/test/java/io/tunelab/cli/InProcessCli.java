package io.tunelab.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** The tunelab command line run in the test's JVM, its output kept for assertions. */
final class InProcessCli {
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  /** Runs the command and returns its exit code. */
  int execute(String... args) {
    CommandLine commandLine = Tunelab.commandLine();
    commandLine.setOut(new PrintWriter(out));
    commandLine.setErr(new PrintWriter(err));
    return commandLine.execute(args);
  }

  /** Everything the commands run so far printed on standard output. */
  String out() {
    return out.toString();
  }

  /** Everything they printed on standard error. */
  String err() {
    return err.toString();
  }
}
