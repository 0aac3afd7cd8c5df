package io.tunelab.core.findings;

import com.fasterxml.jackson.annotation.JsonInclude;
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
 * @param candidates the changes it proposes, the most promising first, as the message names them;
 *     empty when it names none (a noisy machine, a fault to look into); absent from JSON then
 */
public record Finding(
    FindingKind kind,
    String subject,
    String message,
    List<String> evidence,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Candidate> candidates) {
  public Finding {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(subject, "subject");
    Objects.requireNonNull(message, "message");
    evidence = List.copyOf(evidence);
    candidates = candidates == null ? List.of() : List.copyOf(candidates);
  }

  /** A finding that proposes no change. */
  public Finding(FindingKind kind, String subject, String message, List<String> evidence) {
    this(kind, subject, message, evidence, List.of());
  }

  @Override
  public String toString() {
    return kind + " " + subject + ": " + message;
  }
}
