package io.tunelab.core.tune;

import io.tunelab.core.findings.Candidate;
import io.tunelab.core.findings.Finding;
import io.tunelab.core.findings.FindingKind;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a measured step's findings propose, most promising first, as the studies chose their next
 * change: find what limits the system, then change what relieves that.
 *
 * <ol>
 *   <li>The goal's own finding's candidates (DEADLINE_MISSES's fixes for the deadline goal).
 *   <li>Candidates that relieve the tier that is the limit, the one CPU_SATURATED names in most
 *       repetitions: its own knobs ({@code db}: the {@code db.*} knobs) and those a finding about
 *       that tier proposes (INSTANCE_RECORDS names the database, whose work the middleware's
 *       instance knobs cut). On the untuned order-to-bill study the database was saturated in every
 *       repetition, and raising the middleware's engine threads, which a queue's backlog in one
 *       repetition of twelve proposed first, could not help; the index the database's sequential
 *       scans asked for could.
 *   <li>Candidates proposed in more repetitions before those proposed in fewer: a finding in every
 *       repetition is the system's, one in a single repetition may be that window's.
 *   <li>Otherwise the order they first came in.
 * </ol>
 */
public final class CandidateRanking {
  private CandidateRanking() {}

  /**
   * @param repetitions each repetition's findings, in the order the repetitions ran
   * @param goalFinding the goal's own finding, or null when the goal has none
   */
  public static List<Candidate> rank(List<List<Finding>> repetitions, FindingKind goalFinding) {
    Optional<String> limit = limitingTier(repetitions);
    Map<Candidate, Integer> proposedIn = new LinkedHashMap<>();
    Map<Candidate, Boolean> ownGoal = new HashMap<>();
    Map<Candidate, Boolean> relieves = new HashMap<>();
    for (List<Finding> findings : repetitions) {
      Map<Candidate, Boolean> here = new LinkedHashMap<>();
      for (Finding finding : findings) {
        for (Candidate candidate : finding.candidates()) {
          here.merge(candidate, finding.kind() == goalFinding, Boolean::logicalOr);
          boolean onLimit =
              limit
                  .map(tier -> onTier(candidate, tier) || finding.subject().equals(tier))
                  .orElse(false);
          relieves.merge(candidate, onLimit, Boolean::logicalOr);
        }
      }
      here.forEach(
          (candidate, own) -> {
            proposedIn.merge(candidate, 1, Integer::sum);
            ownGoal.merge(candidate, own, Boolean::logicalOr);
          });
    }
    List<Candidate> ranked = new ArrayList<>(proposedIn.keySet());
    Comparator<Candidate> order =
        Comparator.<Candidate, Boolean>comparing(c -> !ownGoal.get(c))
            .thenComparing(c -> !relieves.get(c))
            .thenComparing(c -> -proposedIn.get(c));
    ranked.sort(order); // stable: ties keep the order they first came in
    return List.copyOf(ranked);
  }

  /**
   * Which findings proposed each candidate, and in how many of the repetitions: e.g. {@code
   * DEADLINE_MISSES in 3 of 3 repetitions, PARSE_HEAVY in 3 of 3}, what a tune's page says of each
   * trial's change.
   */
  public static Map<Candidate, String> proposers(List<List<Finding>> repetitions) {
    Map<Candidate, Map<FindingKind, Integer>> counts = new LinkedHashMap<>();
    for (List<Finding> findings : repetitions) {
      Map<Candidate, java.util.Set<FindingKind>> here = new LinkedHashMap<>();
      for (Finding finding : findings) {
        for (Candidate candidate : finding.candidates()) {
          here.computeIfAbsent(candidate, c -> new java.util.LinkedHashSet<>()).add(finding.kind());
        }
      }
      here.forEach(
          (candidate, kinds) ->
              kinds.forEach(
                  kind ->
                      counts
                          .computeIfAbsent(candidate, c -> new LinkedHashMap<>())
                          .merge(kind, 1, Integer::sum)));
    }
    Map<Candidate, String> out = new LinkedHashMap<>();
    counts.forEach(
        (candidate, kinds) -> {
          List<String> parts = new ArrayList<>();
          kinds.forEach(
              (kind, n) ->
                  parts.add(
                      kind
                          + " in "
                          + n
                          + " of "
                          + repetitions.size()
                          + (parts.isEmpty()
                              ? (repetitions.size() == 1 ? " repetition" : " repetitions")
                              : "")));
          out.put(candidate, String.join(", ", parts));
        });
    return out;
  }

  /** The tier CPU_SATURATED names in most repetitions; empty when it named none. */
  static Optional<String> limitingTier(List<List<Finding>> repetitions) {
    Map<String, Integer> named = new LinkedHashMap<>();
    for (List<Finding> findings : repetitions) {
      findings.stream()
          .filter(f -> f.kind() == FindingKind.CPU_SATURATED && !f.subject().equals("machine"))
          .map(Finding::subject)
          .distinct()
          .forEach(tier -> named.merge(tier, 1, Integer::sum));
    }
    return named.entrySet().stream()
        .max(Map.Entry.<String, Integer>comparingByValue())
        .map(Map.Entry::getKey);
  }

  private static boolean onTier(Candidate candidate, String tier) {
    return candidate.knob().startsWith(tier + ".");
  }
}
