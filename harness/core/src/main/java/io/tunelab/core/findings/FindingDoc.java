package io.tunelab.core.findings;

/**
 * What one kind of finding means, as docs/findings.md shows it (Markdown, one line each).
 *
 * @param when the thresholds that raise it, and over which data
 * @param says what its message names and what it proposes
 */
public record FindingDoc(FindingKind kind, String when, String says) {
  public FindingDoc {
    if (when.isBlank() || says.isBlank() || when.contains("\n") || says.contains("\n")) {
      throw new IllegalArgumentException(kind + ": a finding's doc is one line of each");
    }
  }
}
