package io.tunelab.core.findings;

import java.util.Objects;

/**
 * How a middleware that died in the window ended: a crash, a kill or the heap (its JVM runs with
 * {@code -XX:+ExitOnOutOfMemoryError}, so an OutOfMemoryError ends it with status 3 instead of
 * leaving it half-alive).
 *
 * @param pid the dead JVM's pid
 * @param status its exit status
 * @param outOfMemory whether its log says it ran out of memory
 * @param lastLine the last line of its log, the error when it ran out of memory
 */
public record MiddlewareExit(long pid, int status, boolean outOfMemory, String lastLine) {
  public MiddlewareExit {
    Objects.requireNonNull(lastLine, "lastLine");
  }
}
