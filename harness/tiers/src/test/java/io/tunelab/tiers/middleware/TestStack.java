package io.tunelab.tiers.middleware;

import io.tunelab.core.knobs.KnobSet;
import io.tunelab.tiers.RuntimeDir;
import io.tunelab.tiers.TunelabHome;
import io.tunelab.tiers.stack.EmbeddedProvider;
import io.tunelab.tiers.stack.Stack;
import io.tunelab.tiers.stack.StackConfig;
import io.tunelab.tiers.stack.StackRegistry;
import java.nio.file.Path;
import java.util.UUID;

/**
 * A real embedded stack (PostgreSQL, Artemis, the mocks) for the middleware ITs, owned by the test
 * JVM and kept in its own runtime folder so that its stale-stack cleanup touches no other stack.
 */
final class TestStack {
  private TestStack() {}

  static Stack start() {
    return start(KnobSet.defaults());
  }

  /** A stack whose tiers follow {@code knobs} (e.g. db server settings). */
  static Stack start(KnobSet knobs) {
    // Under the runtime dir, not @TempDir: the postgres user must be able to enter it.
    Path runtime =
        RuntimeDir.root()
            .resolve("it-middleware")
            .resolve(UUID.randomUUID().toString().substring(0, 8));
    return new EmbeddedProvider(TunelabHome.locate(), new StackRegistry(runtime))
        .start(StackConfig.from(knobs));
  }
}
