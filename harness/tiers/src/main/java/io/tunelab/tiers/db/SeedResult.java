package io.tunelab.tiers.db;

/**
 * What {@link Database#seed} left in the setup tables.
 *
 * @param customers customers, each with one billing account
 * @param products products in the catalogue
 * @param xrefRows seeded cross-reference rows
 * @param changed false when the tables already held this seed and nothing was written
 * @param millis how long the seed took
 */
public record SeedResult(
    int customers, int products, long xrefRows, boolean changed, long millis) {}
