package io.tunelab.core.findings;

import java.util.List;
import java.util.Objects;

/**
 * What an engineer would conclude from a run's data: a hint with its numbers, never a replacement
 * for the data it names.
 *
 * @param kind which rule concluded it
 * @param subject what it is about: a queue ({@code tunelab.create-subscriptions}), a tier ({@code
 *     middleware}), a table ({@code xref_data}), {@code machine} or {@code db}
 * @param message one sentence with the numbers and what to try
 * @param evidence the figures the rule used, one per line, naming the series or snapshot they come
 *     from
 */
public record Finding(FindingKind kind, String subject, String message, List<String> evidence) {
  public Finding {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(subject, "subject");
    Objects.requireNonNull(message, "message");
    evidence = List.copyOf(evidence);
  }

  @Override
  public String toString() {
    return kind + " " + subject + ": " + message;
  }
}
