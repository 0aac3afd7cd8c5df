package io.tunelab.cli;

import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.stack.Endpoints;
import io.tunelab.tiers.db.DataPreparation;
import io.tunelab.tiers.db.Database;
import io.tunelab.tiers.stack.Stack;
import io.tunelab.tiers.stack.StackConfig;
import io.tunelab.tiers.stack.StackDescription;
import io.tunelab.tiers.stack.StackProvider;
import java.io.PrintWriter;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Starts the stack and prints its endpoints; stays in the foreground unless detached. */
@Command(
    name = "up",
    modelTransformer = StackOptions.MockPortOptions.class,
    description = {
      "Start PostgreSQL, Artemis and the back-ends' mocks, migrate and seed the database,"
          + " print the endpoints.",
      "Without --detach it runs until Ctrl-C, then stops every tier."
    })
final class StackUpCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin ProviderOptions providerOptions;

  @Mixin StackOptions stackOptions;

  @Option(
      names = "--detach",
      description = "Leave the stack running and return; end it with `stack down`.")
  boolean detach;

  @Option(
      names = "--json",
      description =
          "Print one JSON object with the endpoints and start times (the input of --provider"
              + " external --endpoints; a masked password there is read from TUNELAB_DB_PASSWORD"
              + ", TUNELAB_BROKER_PASSWORD or TUNELAB_DB_APP_PASSWORD).")
  boolean json;

  @Option(
      names = "--show-credentials",
      description =
          "Print the passwords of the db and broker tiers (masked otherwise; `stack status"
              + " --show-credentials` shows them later).")
  boolean showCredentials;

  @Option(names = "--no-seed", description = "Migrate the schema but do not load the seed data.")
  boolean noSeed;

  @Override
  public Integer call() throws InterruptedException {
    KnobSet knobs = stackOptions.knobSet();
    StackProvider provider = providerOptions.provider();
    StackConfig config = stackOptions.config(knobs).withDetached(detach);
    Stack stack = provider.start(config);
    Map<String, Long> prepareMillis;
    try {
      Endpoints endpoints = stack.endpoints();
      prepareMillis = DataPreparation.prepare(Database.of(endpoints), knobs, !noSeed);
    } catch (RuntimeException e) {
      stack.close();
      throw e;
    }
    PrintWriter out = spec.commandLine().getOut();
    StackDescription full = StackDescription.of(stack);
    StackDescription description = showCredentials ? full : full.withPasswordsMasked();
    if (json) {
      out.println(Json.write(description));
    } else {
      StackText.print(out, description, prepareMillis);
    }
    out.flush();
    if (detach || stack.tiers().isEmpty()) {
      return 0;
    }
    spec.commandLine().getErr().println("tunelab: stack " + stack.id() + " is up; Ctrl-C stops it");
    spec.commandLine().getErr().flush();
    // The shutdown hook installed by the provider stops the tiers on Ctrl-C.
    new CountDownLatch(1).await();
    return 0;
  }
}
