package io.tunelab.core.findings;

/**
 * Users of another plan that queried beside the measured load inside its window ({@code
 * workload.besideUsers}: billing-care users while a batch of orders drains), from the load tier's
 * JVM: what that tier spends is then part of what the experiment asks for, not overhead to send
 * elsewhere.
 *
 * @param users how many queried
 */
public record BesideUsers(int users) {}
