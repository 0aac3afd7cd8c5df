package io.tunelab.tiers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class PortsTest {
  @Test
  void freePortsAreNeverHandedOutTwice() {
    // a stack picks all its ports before any tier binds one: they must differ
    Set<Integer> ports = new HashSet<>();
    for (int i = 0; i < 500; i++) {
      int port = Ports.free();
      assertThat(ports.add(port)).as("port %d handed out again after %d", port, i).isTrue();
      assertThat(port).isBetween(1, 65535);
    }
  }

  private static TierStartException taken() {
    return new TierStartException(
        "mocks",
        "its process ended",
        null,
        new java.io.IOException("Failed to bind to /127.0.0.1:44033: Address already in use"));
  }

  @Test
  void aTierThatLostAPickedPortIsStartedAgainOnOthers() {
    AtomicInteger attempts = new AtomicInteger();

    String started =
        Ports.startRetryingTakenPorts(
            true,
            "mocks",
            () -> {
              if (attempts.incrementAndGet() < Ports.START_ATTEMPTS) {
                throw taken();
              }
              return "up";
            });

    assertThat(started).isEqualTo("up");
    assertThat(attempts).hasValue(Ports.START_ATTEMPTS);
  }

  @Test
  void aPortTheUserChoseOrAnotherFailureIsNotTriedAgainAndTheAttemptsAreBounded() {
    AtomicInteger attempts = new AtomicInteger();
    assertThatThrownBy(
            () ->
                Ports.startRetryingTakenPorts(
                    false,
                    "mocks",
                    () -> {
                      attempts.incrementAndGet();
                      throw taken();
                    }))
        .isInstanceOf(TierStartException.class);
    assertThat(attempts).as("a port the user chose").hasValue(1);

    attempts.set(0);
    assertThatThrownBy(
            () ->
                Ports.startRetryingTakenPorts(
                    true,
                    "mocks",
                    () -> {
                      attempts.incrementAndGet();
                      throw new TierStartException("mocks", "out of memory", null);
                    }))
        .hasMessageContaining("out of memory");
    assertThat(attempts).as("not a port lost").hasValue(1);

    attempts.set(0);
    assertThatThrownBy(
            () ->
                Ports.startRetryingTakenPorts(
                    true,
                    "mocks",
                    () -> {
                      attempts.incrementAndGet();
                      throw taken();
                    }))
        .hasRootCauseMessage("Failed to bind to /127.0.0.1:44033: Address already in use");
    assertThat(attempts).as("bounded").hasValue(Ports.START_ATTEMPTS);
  }
}
