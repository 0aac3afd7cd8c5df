package io.tunelab.core.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FingerprintTest {
  private static Fingerprint here() {
    return new Fingerprint(
        "Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz",
        2,
        24,
        "17.0.15 (Debian)",
        "15.18 (Debian 15.18-0+deb12u1)",
        "2.56.0",
        "5.6.3",
        "3.13.2");
  }

  @Test
  void patchReleasesOfTheJdkAndPostgresqlStillCompare() {
    Fingerprint patched =
        new Fingerprint(
            here().cpuModel(),
            2,
            24,
            "17.0.16 (Debian)",
            "15.19 (Debian 15.19-0+deb12u1)",
            "2.56.0",
            "5.6.3",
            "3.13.2");

    assertThat(here().differences(patched)).isEmpty();
  }

  @Test
  void eachDifferenceIsNamedWithBothValues() {
    Fingerprint other =
        new Fingerprint(
            "AMD EPYC 7R13 Processor",
            8,
            32,
            "21.0.5 (Eclipse Adoptium)",
            "16.4",
            "2.39.0",
            "5.6.3",
            "3.13.2");

    assertThat(here().differences(other))
        .containsExactly(
            "CPU model: Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz here, AMD EPYC 7R13 Processor"
                + " in the baseline",
            "cores: 2 here, 8 in the baseline",
            "memory (GB): 24 here, 32 in the baseline",
            "JDK release: 17 (Debian) here, 21 (Eclipse Adoptium) in the baseline",
            "PostgreSQL major version: 15 here, 16 in the baseline",
            "Artemis: 2.56.0 here, 2.39.0 in the baseline");
  }

  @Test
  void theMachineAloneComparesOnlyTheMachineAndMemoryRoundsToTheGigabyte() {
    Fingerprint machine =
        Fingerprint.machine(
            "Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz", 2, 24103, "17.0.15 (Debian)");

    assertThat(machine.hasParts()).isFalse();
    assertThat(machine.memoryGigabytes()).isEqualTo(24);
    assertThat(machine.differences(here())).isEmpty();
    assertThat(here().differences(machine)).isEmpty();
  }
}
