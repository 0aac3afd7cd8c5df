package io.tunelab.middleware.flow;

/**
 * One audited activity of a stage: what it did, when, and the payload it handled (kept only at
 * audit level development).
 */
public record Activity(String name, long epochMillis, String payload) {}
