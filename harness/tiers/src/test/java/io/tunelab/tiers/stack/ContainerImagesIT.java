package io.tunelab.tiers.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.tunelab.tiers.TunelabHome;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * tunelab's images build here from this checkout ({@code containers/build-images.sh}: a
 * debootstrapped Debian, Debian's packages, the tier jars) and hold what their tags say: the broker
 * and mocks images this checkout's jars byte for byte, the db image the PostgreSQL its tag names.
 * Needs a Docker engine (skipped, naming it, where none answers) and root for the base image's
 * debootstrap (skipped where the build says it cannot run).
 */
class ContainerImagesIT {
  private static final TunelabHome HOME = TunelabHome.locate();

  @Test
  void theImagesBuildFromThisCheckoutAndHoldWhatTheirTagsSay() throws Exception {
    assumeTrue(docker("info").exit() == 0, "no Docker engine answers");
    Optional<String> missing = BuiltImages.build(HOME);
    assumeTrue(missing.isEmpty(), missing.orElse(""));
    List<String> tags = BuiltImages.tags(HOME);

    String db = tags.get(0);
    Run version =
        docker(
            "run",
            "--rm",
            "--network",
            "none",
            "--entrypoint",
            "/usr/lib/postgresql/15/bin/postgres",
            db,
            "--version");
    assertThat(version.exit()).as(version.output()).isZero();
    assertThat(version.output()).contains("(PostgreSQL) " + db.substring(db.indexOf(':') + 1));

    assertThat(digestInImage(tags.get(1), "/opt/tunelab/broker/tunelab-broker.jar"))
        .isEqualTo(digest(HOME.root().resolve("harness/broker/target/dist/tunelab-broker.jar")));
    assertThat(digestInImage(tags.get(2), "/opt/tunelab/mocks/tunelab-mocks.jar"))
        .isEqualTo(digest(HOME.root().resolve("harness/mocks/target/dist/tunelab-mocks.jar")));
  }

  private static String digestInImage(String image, String file) throws Exception {
    Run sum = docker("run", "--rm", "--network", "none", "--entrypoint", "sha256sum", image, file);
    assertThat(sum.exit()).as(sum.output()).isZero();
    return sum.output().strip().split("\\s+")[0];
  }

  private static String digest(Path file) throws Exception {
    return HexFormat.of()
        .formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
  }

  private record Run(int exit, String output) {}

  private static Run docker(String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("docker"));
    command.addAll(List.of(args));
    Process process;
    try {
      process = new ProcessBuilder(command).redirectErrorStream(true).start();
    } catch (IOException noDocker) {
      return new Run(127, "docker is not installed");
    }
    byte[] output = process.getInputStream().readAllBytes();
    if (!process.waitFor(2, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      return new Run(-1, "docker " + String.join(" ", args) + " did not end in 2 minutes");
    }
    return new Run(process.exitValue(), new String(output, StandardCharsets.UTF_8));
  }
}
