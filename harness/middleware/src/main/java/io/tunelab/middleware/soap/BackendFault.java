package io.tunelab.middleware.soap;

/**
 * A back-end call that failed after every retry: the order is faulted with {@link #getMessage()} as
 * its reason (operation, back-end answer or error, attempts).
 */
public final class BackendFault extends RuntimeException {
  public BackendFault(String reason, Throwable cause) {
    super(reason, cause);
  }
}
