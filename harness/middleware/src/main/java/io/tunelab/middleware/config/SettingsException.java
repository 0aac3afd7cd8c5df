package io.tunelab.middleware.config;

/** A settings file the middleware cannot run with; the message names the key and the fix. */
public final class SettingsException extends RuntimeException {
  public SettingsException(String message) {
    super(message);
  }
}
