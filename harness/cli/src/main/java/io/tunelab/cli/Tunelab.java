package io.tunelab.cli;

/** Placeholder main of the cli tier. */
public final class Tunelab {
  private Tunelab() {}

  public static void main(String[] args) {}
}
