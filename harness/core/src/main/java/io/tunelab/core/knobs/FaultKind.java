package io.tunelab.core.knobs;

/**
 * How a back-end mock fails the share of requests its fault rate draws: with an answer that refuses
 * (a SOAP Fault), or at the connection, as a back-end that crashes, hangs up or sends garbage does
 * (WireMock's faults).
 */
public enum FaultKind implements KnobChoice {
  /** An HTTP 500 with a SOAP Fault envelope. */
  SOAP,
  /** The connection is reset (TCP RST) before any answer. */
  RESET,
  /** The connection is closed without an answer. */
  EMPTY,
  /** An HTTP 200 whose chunked body breaks off. */
  MALFORMED,
  /** Random bytes, then the connection is closed. */
  GARBAGE,
  /** A whole HTTP 200 whose SOAP envelope breaks off half-way: malformed XML, not HTTP. */
  TRUNCATED
}
