package io.tunelab.run.plans.messaging;

import io.tunelab.core.measure.JtlRecord;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Every message of a messaging run by its id, as Jepsen's queue checker accounts for a queue: the
 * clients' sends (the JTL's {@value #MESSAGE_ID} column) against the outcomes the server recorded.
 * A message sent and never finished is lost, one finished that no client sent is unexpected, one
 * the clients planned and never sent is unsent; a count alone could let a lost message and an
 * unexpected one cancel out.
 *
 * @param outcomes each message id the clients planned or the server finished, with its outcome, in
 *     id order
 * @param lost sent, never driven nor failed
 * @param unexpected finished by the server, never sent by this run's clients
 */
record MessageAccounting(
    Map<String, Outcome> outcomes, List<String> lost, List<String> unexpected) {
  /** The JTL column the messaging plan writes each message's id into. */
  public static final String MESSAGE_ID = "messageId";

  /** Where one message ended. */
  public enum Outcome {
    /** the device driver took it */
    DRIVEN,
    /** the server recorded it FAILED, with a reason */
    FAILED,
    /** sent, never finished */
    LOST,
    /** planned, never sent (its send failed, or the clients stopped first) */
    UNSENT,
    /** finished by the server, never sent by this run's clients */
    UNEXPECTED
  }

  public MessageAccounting {
    outcomes = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(outcomes));
    lost = List.copyOf(lost);
    unexpected = List.copyOf(unexpected);
  }

  /**
   * Accounts for each message.
   *
   * @param planned every id the clients were to send
   * @param samples the JTL's samples, one per message sent or tried
   * @param twoWay whether every sample's request went out (two way: a reply that never came still
   *     had its request sent); one way only a successful sample's did
   * @param finished the ids the server drove or failed, with their status ({@code DRIVEN} or {@code
   *     FAILED})
   */
  public static MessageAccounting of(
      Collection<String> planned,
      List<JtlRecord> samples,
      boolean twoWay,
      Map<String, String> finished) {
    Map<String, Outcome> outcomes = new TreeMap<>();
    planned.forEach(id -> outcomes.put(id, Outcome.UNSENT));
    Set<String> sent = new java.util.HashSet<>();
    for (JtlRecord sample : samples) {
      String id = sample.get(MESSAGE_ID);
      if (id != null && !id.isBlank() && (twoWay || sample.success())) {
        sent.add(id);
      }
    }
    List<String> lost = new ArrayList<>();
    List<String> unexpected = new ArrayList<>();
    for (String id : sent) {
      String status = finished.get(id);
      if (status == null) {
        outcomes.put(id, Outcome.LOST);
        lost.add(id);
      } else {
        outcomes.put(id, Outcome.valueOf(status));
      }
    }
    for (Map.Entry<String, String> done : finished.entrySet()) {
      if (!sent.contains(done.getKey())) {
        outcomes.put(done.getKey(), Outcome.UNEXPECTED);
        unexpected.add(done.getKey());
      }
    }
    lost.sort(null);
    unexpected.sort(null);
    return new MessageAccounting(outcomes, lost, unexpected);
  }

  /** One row per message, {@code messageId,outcome}, with a header: the repetition's ledger. */
  public String csv() {
    StringBuilder csv = new StringBuilder("messageId,outcome\n");
    outcomes.forEach((id, outcome) -> csv.append(id).append(',').append(outcome).append('\n'));
    return csv.toString();
  }

  /** The first {@code n} ids of {@code ids}, and how many more there are. */
  public static String firstIds(List<String> ids, int n) {
    return ids.size() <= n
        ? String.join(", ", ids)
        : String.join(", ", ids.subList(0, n)) + " and " + (ids.size() - n) + " more";
  }
}
