package io.tunelab.core.results;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** Where a run is: its {@code status} in {@code run.json}, in lower case. */
public enum RunStatus {
  /** Running, or its controller was killed before it could say otherwise. */
  RUNNING,
  /** Every step ran. */
  COMPLETE,
  /** Stopped early: Ctrl-C, an error. */
  INCOMPLETE,
  /**
   * Never written: what a reader says of a run whose {@code run.json} says running while its
   * controller is gone (killed, or the machine went down), see {@link RunController#alive()}.
   */
  INTERRUPTED;

  /** The word in run.json and in messages. */
  @JsonValue
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The status a run.json word stands for. */
  @JsonCreator
  public static RunStatus of(String label) {
    return valueOf(label.toUpperCase(Locale.ROOT));
  }

  @Override
  public String toString() {
    return label();
  }
}
