package io.tunelab.cli;

import io.tunelab.tiers.RuntimeDir;
import io.tunelab.tiers.stack.ProcessRecord;
import io.tunelab.tiers.stack.StackDescription;
import io.tunelab.tiers.stack.StackRegistry;
import io.tunelab.tiers.stack.StackState;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Lists the stacks started from this machine's runtime directory and whether their tiers run. */
@Command(
    name = "status",
    description = "Show the running stacks, their endpoints and tier processes.")
final class StackStatusCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--json", description = "Print a JSON array, one object per stack.")
  boolean json;

  /**
   * One stack as {@code status --json} prints it; {@code endpoints} is in the format of {@code
   * stack up --json}, which {@code --provider external --endpoints} reads.
   */
  record StackStatus(
      String id,
      String provider,
      String mode,
      String createdAt,
      Object endpoints,
      Map<String, Long> startMillis,
      Map<String, TierStatus> tiers) {}

  /** Whether a tier's processes run. */
  record TierStatus(String state, List<Long> pids, String log) {}

  @Option(
      names = "--show-credentials",
      description = "Show the passwords of the db and broker tiers (masked otherwise).")
  boolean showCredentials;

  @Override
  public Integer call() {
    StackRegistry registry = new StackRegistry(RuntimeDir.root());
    List<StackStatus> stacks =
        registry.list().stream().map(state -> status(registry, state)).toList();
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      out.println(Json.write(stacks));
    } else if (stacks.isEmpty()) {
      out.println("no stack is running (runtime directory " + RuntimeDir.root() + ")");
    } else {
      stacks.forEach(stack -> print(out, stack));
    }
    out.flush();
    return 0;
  }

  private StackStatus status(StackRegistry registry, StackState state) {
    Map<String, TierStatus> tiers = new LinkedHashMap<>();
    for (StackState.TierRecord tier : state.tiers()) {
      List<Long> alive =
          tier.processes().stream()
              .filter(p -> p.live().isPresent())
              .map(ProcessRecord::pid)
              .toList();
      String tierState =
          alive.size() == tier.processes().size()
              ? "running"
              : alive.isEmpty() ? "stopped" : "degraded";
      tiers.put(tier.name(), new TierStatus(tierState, alive, tier.log()));
    }
    String mode =
        state.detached()
            ? "detached"
            : "owned by pid " + state.ownerPid() + (state.ownerGone() ? " (gone: stale)" : "");
    return new StackStatus(
        state.id(),
        state.provider(),
        mode,
        state.createdAt(),
        state.endpoints() == null ? null : endpoints(registry, state),
        state.startMillis(),
        tiers);
  }

  /** The recorded endpoints, masked as recorded, or with the passwords when asked. */
  private StackDescription endpoints(StackRegistry registry, StackState state) {
    StackDescription recorded =
        StackDescription.of(null, null, state.endpoints(), Map.of(), Map.of())
            .withPasswordsMasked();
    if (!showCredentials) {
      return recorded;
    }
    return registry.credentials(state.id()).map(recorded::withCredentials).orElse(recorded);
  }

  private static void print(PrintWriter out, StackStatus stack) {
    out.printf(
        "stack %s (%s, %s, since %s)%n",
        stack.id(), stack.provider(), stack.mode(), stack.createdAt());
    stack
        .tiers()
        .forEach(
            (name, tier) ->
                out.printf(
                    "  %-7s %-8s pids %s  log %s%n", name, tier.state(), tier.pids(), tier.log()));
    if (stack.endpoints() != null) {
      out.println("  endpoints " + Json.write(stack.endpoints()).replaceAll("\\s+", " "));
    }
  }
}
