package io.tunelab.tiers;

import java.security.SecureRandom;
import java.util.Base64;

/** Passwords tunelab makes for the tiers it starts: new for every stack, never a fixed one. */
public final class Secrets {
  private static final SecureRandom RANDOM = new SecureRandom();

  private Secrets() {}

  /**
   * A new password of 32 URL-safe characters (192 random bits): letters, digits, {@code -} and
   * {@code _}, so it needs no quoting in a JDBC URL, a properties file or a shell.
   */
  public static String newPassword() {
    byte[] bytes = new byte[24];
    RANDOM.nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }
}
