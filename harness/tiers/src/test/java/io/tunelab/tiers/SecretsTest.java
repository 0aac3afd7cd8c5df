package io.tunelab.tiers;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SecretsTest {
  @Test
  void everyPasswordIsNewAndNeedsNoQuoting() {
    Set<String> made = new HashSet<>();
    for (int i = 0; i < 100; i++) {
      String password = Secrets.newPassword();
      assertThat(password).matches("[A-Za-z0-9_-]{32}");
      made.add(password);
    }
    assertThat(made).hasSize(100);
  }
}
