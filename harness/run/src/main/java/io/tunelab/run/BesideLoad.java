package io.tunelab.run;

import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.measure.LatencySummary;
import io.tunelab.core.results.RequestMetrics;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * A load that runs beside a plan's own for as long as that lasts, which no plan can know in
 * advance: billing-care users querying while a held batch of orders drains ({@code
 * workload.besideUsers}), the synchronous flow beside the asynchronous one. The plan that hosts it
 * calls it; the room that owns its requests implements it, and {@link PlanRunner} joins the two, so
 * neither room knows the other.
 */
public interface BesideLoad {
  /** None, whatever the knobs: for a plan run with nothing beside it. */
  BesideLoad NONE = (tiers, knobs, dir) -> Optional.empty();

  /**
   * Starts the load before the plan's own work, or answers empty when the knobs ask for none.
   *
   * @param dir the folder its JTL and logs go to
   */
  Optional<Running> start(RunTiers tiers, KnobSet knobs, Path dir);

  /** A beside load under way; closing it kills it if it still runs. */
  interface Running extends AutoCloseable {
    /**
     * Stops the load and reads its requests that started in {@code [fromMillis, untilMillis)}.
     *
     * @throws IllegalStateException when the load did not end
     */
    Beside finish(long fromMillis, long untilMillis);

    @Override
    void close();
  }

  /**
   * What the users got inside the window.
   *
   * @param users how many queried
   * @param requests their requests that started inside the window
   * @param samples every request of the run, before and after the window too
   * @param log the load JVM's log
   */
  record Beside(int users, RequestMetrics requests, int samples, Path log) {
    /** One clause for the repetition's verdict. */
    public String verdict() {
      LatencySummary all = requests.overall();
      if (all.requests() == 0) {
        return "; INVALID: the "
            + users
            + " billing-care users beside the drain got no answer inside it (their log: "
            + log
            + ")";
      }
      return String.format(
          Locale.ROOT,
          "; beside: %d billing-care users, %d requests inside the drain (%.0f/min), %d errors,"
              + " p99 %d ms",
          users,
          all.requests(),
          all.requestsPerMinute(),
          all.errors(),
          all.p99Millis());
    }

    /** Whether the window was measured with the users querying through it. */
    public boolean valid() {
      return requests.overall().requests() > 0;
    }
  }
}
