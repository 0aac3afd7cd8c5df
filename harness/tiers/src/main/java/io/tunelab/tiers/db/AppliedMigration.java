package io.tunelab.tiers.db;

/**
 * A schema migration {@link Database#migrate} applied.
 *
 * @param version e.g. {@code 1}
 * @param description e.g. {@code xref and setup tables}
 * @param executionMillis how long it ran
 */
public record AppliedMigration(String version, String description, long executionMillis) {}
