package io.tunelab.core.stack;

import io.tunelab.core.Studies;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * A simulated back-end the middleware calls, served by the mocks tier: Siebel (CRM, order-to-bill's
 * first call), BRM (billing) and the device driver the messaging server drives. Its label names it
 * in endpoints, mock folders, ports, observer series and messages; the mocks tier, the providers
 * and the run serve and check every back-end declared here alike, and its latency and fault knobs
 * ({@code MocksKnobs.of}) are made from its constant.
 */
public enum Backend {
  SIEBEL("Siebel", false, ": 500, uniform:400..600 or lognormal:500:0.25", Studies.AIA_MOCKS),
  BRM("BRM", false, ": 500, uniform:400..600 or lognormal:500:0.25", Studies.WHAT_IF),
  /** An external stack described before the messaging plan existed has none. */
  DRIVER(
      "device-driver",
      true,
      " (the messaging plan's back-end): 5, uniform:2..8 or lognormal:5:0.25",
      Studies.MESSAGING);

  private final String who;
  private final boolean optional;
  private final String latencyExamples;
  private final String study;

  /**
   * @param latencyExamples what follows "delay of every ... answer" in its latency knob's doc
   * @param study what its latency knob re-creates
   */
  Backend(String who, boolean optional, String latencyExamples, String study) {
    this.who = who;
    this.optional = optional;
    this.latencyExamples = latencyExamples;
    this.study = study;
  }

  /** The back-end of that {@link #label()}, if one has it. */
  public static Optional<Backend> labelled(String label) {
    return Arrays.stream(values()).filter(backend -> backend.label().equals(label)).findFirst();
  }

  /** Lower-case name: {@code siebel}, {@code brm}, {@code driver}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The back-end as the docs and messages name it: {@code Siebel}, {@code device-driver}. */
  public String who() {
    return who;
  }

  /** Whether an external stack may lack it: then only the plans that call it refuse that stack. */
  public boolean optional() {
    return optional;
  }

  /** What follows "delay of every ... answer" in its latency knob's doc: typical values. */
  public String latencyExamples() {
    return latencyExamples;
  }

  /** The study its latency knob re-creates. */
  public String study() {
    return study;
  }

  /** The environment variable that gives its mock's URL to the external provider. */
  public String urlVariable() {
    return "TUNELAB_" + name() + "_URL";
  }

  /** Its mock's root URL in a stack's endpoints; empty where the stack has none. */
  public String url(Endpoints endpoints) {
    return endpoints.mocks().getOrDefault(this, "");
  }
}
