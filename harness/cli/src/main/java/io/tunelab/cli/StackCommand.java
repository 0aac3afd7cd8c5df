package io.tunelab.cli;

import picocli.CommandLine.Command;

/** {@code tunelab stack up|status|down}. */
@Command(
    name = "stack",
    description = "Bring the db, broker and mocks tiers up, look at them, take them down.",
    subcommands = {StackUpCommand.class, StackStatusCommand.class, StackDownCommand.class})
final class StackCommand {}
