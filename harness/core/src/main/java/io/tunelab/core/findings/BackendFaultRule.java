package io.tunelab.core.findings;

import io.tunelab.core.knobs.MiddlewareKnobs;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A back-end failing calls: a SOAP Fault, a connection reset or closed, an answer that breaks off.
 * Each failure faults its order (or request) unless the middleware retries the call, so a run with
 * back-end faults measures the fault path too, and its throughput is not the healthy system's.
 *
 * <p>Qualifies, per back-end, when its calls in the measured window failed at least {@value
 * #MIN_SHARE_PERCENT}% of the time over at least {@value #MIN_CALLS} calls. The subject is the
 * back-end; the evidence lists each failing operation.
 */
final class BackendFaultRule implements FindingRule {
  static final double MIN_SHARE_PERCENT = 1;
  static final long MIN_CALLS = 20;

  @Override
  public List<Finding> apply(RunData data) {
    Map<String, List<BackendCalls.Operation>> byBackend = new LinkedHashMap<>();
    for (BackendCalls.Operation op : data.backend().operations()) {
      byBackend.computeIfAbsent(op.backend(), b -> new ArrayList<>()).add(op);
    }
    List<Finding> findings = new ArrayList<>();
    byBackend.forEach(
        (backend, operations) -> {
          long calls = operations.stream().mapToLong(BackendCalls.Operation::calls).sum();
          long faults = operations.stream().mapToLong(BackendCalls.Operation::faults).sum();
          double share = calls == 0 ? 0 : 100.0 * faults / calls;
          if (calls < MIN_CALLS || share < MIN_SHARE_PERCENT) {
            return;
          }
          List<String> evidence = new ArrayList<>();
          for (BackendCalls.Operation op : operations) {
            if (op.faults() > 0) {
              evidence.add(
                  String.format(
                      Locale.ROOT,
                      "%s %s: %d of %d calls failed",
                      backend,
                      op.operation(),
                      op.faults(),
                      op.calls()));
            }
          }
          String message =
              String.format(
                  Locale.ROOT,
                  "%s failed %d of its %d calls (%.1f%%) in the measured window: each failure"
                      + " faults its order or request (the reasons are in run.json's faultReasons)"
                      + " unless the middleware retries the call; for transient failures raise"
                      + " middleware.invoke.retries (each retry another call at the back-end's"
                      + " latency), and read these numbers as the fault path's, not the healthy"
                      + " system's (mocks.%s.faultRate sets the share the mock fails)",
                  backend,
                  faults,
                  calls,
                  share,
                  backend);
          findings.add(
              new Finding(
                  FindingKind.BACKEND_FAULTS,
                  backend,
                  message,
                  evidence,
                  List.of(Candidate.raise(MiddlewareKnobs.INVOKE_RETRIES))));
        });
    return findings;
  }

  @Override
  public List<Class<?>> reads() {
    return List.of(BackendCalls.class);
  }

  @Override
  public List<FindingDoc> docs() {
    return List.of(
        new FindingDoc(
            FindingKind.BACKEND_FAULTS,
            "a back-end failed 1%+ of its 20+ calls in the measured window (the mock's "
                + "own count: SOAP Faults, broken connections and answers, "
                + "`mocks.*.faultRate` / `faultKind`)",
            "the back-end, its failed and total calls, each failing operation; a "
                + "failure faults its order unless `middleware.invoke.retries` retries it, "
                + "and the numbers are the fault path's"));
  }
}
