package io.tunelab.cli;

import io.tunelab.core.BadInputException;
import io.tunelab.tiers.stack.EmbeddedProvider;
import io.tunelab.tiers.stack.ExternalProvider;
import io.tunelab.tiers.stack.StackProvider;
import io.tunelab.tiers.stack.TestcontainersProvider;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Which provider brings the stack up: {@code --provider} and {@code --endpoints}. */
final class ProviderOptions {
  @Option(
      names = "--provider",
      defaultValue = "embedded",
      description =
          "embedded (local processes, default), external (endpoints from --endpoints or TUNELAB_*"
              + " variables), testcontainers (needs a Docker engine).")
  String provider;

  @Option(
      names = "--endpoints",
      paramLabel = "FILE",
      description = "For --provider external: a file like `stack up --json` prints.")
  Path endpoints;

  StackProvider provider() {
    if (endpoints != null && !provider.equals(ExternalProvider.NAME)) {
      throw new BadInputException("--endpoints is for --provider external, not " + provider);
    }
    return switch (provider) {
      case EmbeddedProvider.NAME -> new EmbeddedProvider();
      case ExternalProvider.NAME ->
          endpoints != null
              ? ExternalProvider.fromFile(endpoints)
              : ExternalProvider.fromEnvironment();
      case TestcontainersProvider.NAME -> new TestcontainersProvider();
      default ->
          throw new BadInputException(
              "--provider must be one of embedded, external, testcontainers; was '"
                  + provider
                  + "'");
    };
  }
}
