package io.tunelab.cli;

import io.tunelab.core.BadInputException;
import io.tunelab.tiers.RuntimeDir;
import io.tunelab.tiers.stack.StackRegistry;
import io.tunelab.tiers.stack.StackState;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Stops stacks started from this machine's runtime directory. */
@Command(
    name = "down",
    description = "Stop every tier of the running stacks (or of one, with --id); logs are kept.")
final class StackDownCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--id", description = "Only this stack.")
  String id;

  @Override
  public Integer call() {
    StackRegistry registry = new StackRegistry(RuntimeDir.root());
    List<StackState> stacks =
        id == null
            ? registry.list()
            : List.of(
                registry
                    .find(id)
                    .orElseThrow(
                        () ->
                            new BadInputException(
                                "no stack with id '"
                                    + id
                                    + "': `./tunelab stack status` lists them")));
    PrintWriter out = spec.commandLine().getOut();
    if (stacks.isEmpty()) {
      out.println("no stack is running");
    }
    for (StackState stack : stacks) {
      registry.stop(stack);
      out.println("stopped stack " + stack.id() + " (logs kept in " + stack.directory() + ")");
    }
    out.flush();
    return 0;
  }
}
