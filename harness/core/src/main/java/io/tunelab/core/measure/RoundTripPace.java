package io.tunelab.core.measure;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channel;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.Pipe;
import java.util.List;

/**
 * Round trips between two threads through a pair of pipes, whose CPU time tells what the kernel,
 * and the hypervisor under it, charges a process for one exchange with another: a write, waking the
 * reader, a read, and the switch away and back. Read every second through a measured window beside
 * {@link HostPace} and {@link MemoryPace} (series {@code host.roundTripPace}).
 *
 * <p>Why: a chatty tier pays this on every message. The sort hub sends 66 statements per request,
 * each a round trip between the middleware and its database session; on 2026-11-30 its database
 * cost 2 to 3 times the CPU per request of the record measured a week before with the same
 * statements, while the compute and memory paces read as on other days. That VM ran under a
 * page-table-based hypervisor (PVM) on which a system call took about 1.5 us and a round trip
 * between two processes about 30 us of wall time. The compute and memory paces cannot see such a
 * host; this one does. It also moves with what the machine runs (8.3-9.0 us a trip under the sort
 * hub, 4.7-5.1 us under the order-to-bill flow on the same VM an hour later), so it tells hosts
 * apart between runs of the same plan.
 */
public final class RoundTripPace implements AutoCloseable {
  private final Pipe there;
  private final Pipe back;
  private final Thread echo;
  private final ByteBuffer one = ByteBuffer.allocate(1);

  /** Opens the pipes and starts the echoing thread, a daemon named {@code name}. */
  public RoundTripPace(String name) {
    try {
      there = Pipe.open();
      back = Pipe.open();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open the round-trip pace's pipes", e);
    }
    echo = new Thread(this::echo, name);
    echo.setDaemon(true);
    echo.start();
  }

  /** {@code trips} round trips, one byte each way; returns the bytes that came back. */
  public long trips(int trips) {
    long returned = 0;
    try {
      for (int i = 0; i < trips; i++) {
        one.clear().put((byte) i).flip();
        there.sink().write(one);
        one.clear();
        while (one.position() == 0) {
          if (back.source().read(one) < 0) {
            return returned;
          }
        }
        returned++;
      }
    } catch (IOException e) {
      throw new UncheckedIOException("the round-trip pace's pipe failed", e);
    }
    return returned;
  }

  private void echo() {
    ByteBuffer received = ByteBuffer.allocate(1);
    try {
      while (there.source().read(received.clear()) >= 0) {
        back.sink().write(received.flip());
      }
    } catch (ClosedChannelException e) {
      // closed: the pace is done
    } catch (IOException e) {
      // a broken pipe ends the echo; trips() then fails loudly on its side
    }
  }

  /** Whether the echoing thread still runs. */
  public boolean echoing() {
    return echo.isAlive();
  }

  @Override
  public void close() {
    for (Channel channel : List.of(there.sink(), there.source(), back.sink(), back.source())) {
      try {
        channel.close();
      } catch (IOException e) {
        // closing is best effort: the echo thread is a daemon
      }
    }
  }
}
