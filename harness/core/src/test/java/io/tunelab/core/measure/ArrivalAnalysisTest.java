package io.tunelab.core.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ArrivalAnalysisTest {
  private static final long T0 = 1_795_000_000_000L;
  private static final ArrivalRate RATE = new ArrivalRate(600); // 100 ms apart

  /** Order n, due at T0 + (n - 1) x 100 ms, sent {@code lateMillis} after that. */
  private static JtlRecord send(int n, long lateMillis, boolean success) {
    long due = RATE.dueMillis(T0, n);
    String id = String.format("ORD-t-%06d", n);
    return new JtlRecord(
        due + lateMillis,
        5,
        id,
        success ? "200" : "",
        success ? "1 messages published" : "javax.jms.JMSException: refused",
        "publishers 1-1",
        success,
        Map.of("orderId", id, ArrivalRate.INTENDED_AT, Long.toString(due)));
  }

  private static List<JtlRecord> onTime(int orders) {
    List<JtlRecord> sends = new ArrayList<>();
    for (int n = 1; n <= orders; n++) {
      sends.add(send(n, 0, true));
    }
    return sends;
  }

  @Test
  void sendsOnTimeAchieveTheTargetRateWithNoLateness() {
    ArrivalReport report = ArrivalAnalysis.of(onTime(40), RATE, 40);

    assertThat(report.targetPerMinute()).isEqualTo(600);
    assertThat(report.achievedPerMinute()).isEqualTo(600.0);
    assertThat(report.achievedShare()).isEqualTo(1.0);
    assertThat(report.plannedSpanMillis()).isEqualTo(3_900);
    assertThat(report.actualSpanMillis()).isEqualTo(3_900);
    assertThat(report.late()).isZero();
    assertThat(report.lateMaxMillis()).isZero();
    assertThat(report.dropped()).isZero();
    assertThat(report.keptSchedule()).isTrue();
    assertThat(report.lateToleranceMillis())
        .isEqualTo(ArrivalAnalysis.DEFAULT_LATE_TOLERANCE.toMillis());
  }

  @Test
  void onlySendsLaterThanTheToleranceCountAsLate() {
    List<JtlRecord> sends = onTime(10);
    sends.set(2, send(3, 100, true)); // at the tolerance: on time
    sends.set(5, send(6, 101, true));
    sends.set(9, send(10, 2_500, true));

    ArrivalReport report = ArrivalAnalysis.of(sends, RATE, 10, Duration.ofMillis(100));

    assertThat(report.late()).isEqualTo(2);
    assertThat(report.lateP50Millis()).isZero();
    assertThat(report.lateMaxMillis()).isEqualTo(2_500);
    assertThat(report.keptSchedule()).isFalse();
  }

  @Test
  void latenessPercentilesMatchTheHandComputedValues() {
    // 100 sends, order n late by n ms: p50 50, p99 99, max 100 (nearest rank).
    List<JtlRecord> sends = new ArrayList<>();
    for (int n = 1; n <= 100; n++) {
      sends.add(send(n, n, true));
    }

    ArrivalReport report = ArrivalAnalysis.of(sends, RATE, 100, Duration.ofMillis(90));

    assertThat(report.lateP50Millis()).isEqualTo(50);
    assertThat(report.lateP99Millis()).isEqualTo(99);
    assertThat(report.lateMaxMillis()).isEqualTo(100);
    assertThat(report.late()).isEqualTo(10);
  }

  @Test
  void theExactLargestLatenessIsKeptBeyondTheHistogramsPrecision() {
    List<JtlRecord> sends = onTime(2);
    sends.set(1, send(2, 7_283, true));

    assertThat(ArrivalAnalysis.of(sends, RATE, 2).lateMaxMillis()).isEqualTo(7_283);
  }

  @Test
  void theAchievedRateIsTheSendsOverTheSpanOfTheActualSends() {
    // 40 sends, the last one 1,300 ms late: 39 gaps in 5,200 ms = 450 per minute.
    List<JtlRecord> sends = onTime(40);
    sends.set(39, send(40, 1_300, true));

    ArrivalReport report = ArrivalAnalysis.of(sends, RATE, 40);

    assertThat(report.actualSpanMillis()).isEqualTo(5_200);
    assertThat(report.achievedPerMinute()).isEqualTo(450.0);
    assertThat(report.achievedShare()).isEqualTo(0.75);
  }

  @Test
  void failedSendsAndSendsNeverStartedAreDropped() {
    List<JtlRecord> sends = onTime(8);
    sends.set(3, send(4, 0, false));

    ArrivalReport report = ArrivalAnalysis.of(sends, RATE, 10);

    assertThat(report.attempted()).isEqualTo(8);
    assertThat(report.failed()).isEqualTo(1);
    assertThat(report.dropped()).isEqualTo(3);
    assertThat(report.plannedSpanMillis()).isEqualTo(900);
    assertThat(report.keptSchedule()).isFalse();
    assertThat(report.toString()).contains("3 dropped (1 failed) of 10");
  }

  @Test
  void aSendAMillisecondEarlyIsOnTime() {
    List<JtlRecord> sends = onTime(3);
    sends.set(1, send(2, -1, true));

    ArrivalReport report = ArrivalAnalysis.of(sends, RATE, 3, Duration.ZERO);

    assertThat(report.late()).isZero();
    assertThat(report.lateMaxMillis()).isZero();
  }

  @Test
  void anUnpacedRunHasARateButNoLateness() {
    List<JtlRecord> sends =
        List.of(
            new JtlRecord(T0, 5, "a", "200", "ok", "t", true, Map.of(ArrivalRate.INTENDED_AT, "")),
            new JtlRecord(T0 + 30, 5, "b", "200", "ok", "t", true, Map.of()));

    ArrivalReport report = ArrivalAnalysis.of(sends, ArrivalRate.UNPACED, 2);

    assertThat(report.paced()).isFalse();
    assertThat(report.achievedPerMinute()).isEqualTo(2_000.0);
    assertThat(report.late()).isZero();
    assertThat(report.plannedSpanMillis()).isZero();
    assertThat(report.achievedShare()).isZero();
    assertThat(report.keptSchedule()).isFalse();
    assertThat(report.toString()).startsWith("unpaced: 2 of 2 sent");
  }

  @Test
  void oneSendOrNoneHasNoRate() {
    assertThat(ArrivalAnalysis.of(onTime(1), RATE, 1).achievedPerMinute()).isZero();
    assertThat(ArrivalAnalysis.of(List.of(), RATE, 5).dropped()).isEqualTo(5);
  }

  @Test
  void aPacedRunsSendWithoutAnIntendedTimeIsRefused() {
    List<JtlRecord> sends =
        List.of(new JtlRecord(T0, 5, "ORD-t-000001", "200", "ok", "t", true, Map.of()));

    assertThatThrownBy(() -> ArrivalAnalysis.of(sends, RATE, 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("ORD-t-000001 has no intendedAt although the run was paced");
  }
}
