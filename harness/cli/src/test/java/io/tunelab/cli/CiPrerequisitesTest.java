package io.tunelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code .ci/prerequisites} on machines of other distributions, played by stand-ins for {@code
 * ldconfig}, {@code apt-cache} and {@code apt-get} on the PATH: what it would install for each job
 * (the package index decides between libaio1 and libaio1t64), and nothing in check mode.
 */
class CiPrerequisitesTest {
  private static final Path HOME = Path.of(System.getProperty("tunelab.home"));

  /** Ubuntu 24.04, as GitHub's ubuntu-24.04 runner: libaio1 was renamed libaio1t64. */
  private static final String UBUNTU_2404 =
      "libaio1t64 chromium postgresql openjdk-17-jdk-headless";

  /** Debian 12, as this machine. */
  private static final String DEBIAN_12 = "libaio1 chromium postgresql openjdk-17-jdk-headless";

  @TempDir Path dir;

  private record Outcome(int exit, String output, String installed, String linked) {}

  @Test
  void theNightlyOnUbuntu2404InstallsLibaio1t64AndNoBrowser() throws Exception {
    Outcome nightly = prerequisites("nightly", UBUNTU_2404, "", "install");

    assertThat(nightly.exit()).as(nightly.output()).isZero();
    assertThat(nightly.installed())
        .contains("install -y -qq --no-install-recommends libaio1t64\n")
        .doesNotContain("chromium")
        .doesNotContain("libaio1 ");
  }

  @Test
  void onDebian12TheSameNeedIsLibaio1AndTheTestsAlsoGetChromium() throws Exception {
    Outcome verify = prerequisites("verify", DEBIAN_12, "", "install");

    assertThat(verify.exit()).as(verify.output()).isZero();
    assertThat(verify.installed()).contains("--no-install-recommends libaio1 chromium\n");
  }

  @Test
  void libaio1t64IsLinkedAsTheLibaioSo1ArtemisAsksFor() throws Exception {
    String ldconfig =
        "\tlibaio.so.1t64 (libc6,x86-64) => /usr/lib/x86_64-linux-gnu/libaio.so.1t64\n";

    Outcome nightly = prerequisites("nightly", UBUNTU_2404, ldconfig, "install");

    assertThat(nightly.installed()).as("libaio is there: nothing to install").isEmpty();
    assertThat(nightly.linked())
        .isEqualTo(
            "-sf /usr/lib/x86_64-linux-gnu/libaio.so.1t64 /usr/lib/x86_64-linux-gnu/libaio.so.1\n");
  }

  @Test
  void checkModeNamesWhatIsMissingAndInstallsNothing() throws Exception {
    Outcome check = prerequisites("verify", UBUNTU_2404, "", "check");

    assertThat(check.exit()).isZero();
    assertThat(check.installed()).isEmpty();
    assertThat(check.output())
        .contains(
            "ci: verify lacks libaio, Chromium (TUNELAB_PREREQUISITES=check: nothing installed)");
  }

  /**
   * Sources the script and runs the job's prerequisites with stand-ins that know {@code packages}
   * and a dynamic linker cache of {@code ldconfig}; a JDK and PostgreSQL are there.
   */
  private Outcome prerequisites(String job, String packages, String ldconfig, String mode)
      throws IOException, InterruptedException {
    Path bin = Files.createDirectories(dir.resolve("bin"));
    Path installed = dir.resolve("apt-get.log");
    Path linked = dir.resolve("ln.log");
    Files.writeString(installed, "");
    Files.writeString(linked, "");
    Files.writeString(dir.resolve("ldconfig.txt"), ldconfig);
    stub(bin, "ldconfig", "cat '" + dir.resolve("ldconfig.txt") + "'");
    stub(bin, "apt-cache", "case \" " + packages + " \" in *\" $2 \"*) exit 0;; esac; exit 100");
    stub(bin, "apt-get", "[ \"$1\" = update ] || echo \"$*\" >> '" + installed + "'");
    stub(bin, "ln", "echo \"$*\" >> '" + linked + "'");
    stub(bin, "id", "echo 0");
    stub(bin, "java", "exit 0");
    for (String tool : List.of("awk", "sed", "dirname", "env", "cat")) {
      Files.createSymbolicLink(bin.resolve(tool), Path.of(which(tool)));
    }
    ProcessBuilder builder =
        new ProcessBuilder(
                "/bin/bash",
                "-c",
                "source .ci/prerequisites && tunelab_prerequisites " + job + " && echo done")
            .directory(HOME.toFile())
            .redirectErrorStream(true);
    builder.environment().put("PATH", bin.toString());
    builder.environment().put("TUNELAB_PG_BIN", "/opt/postgresql/bin");
    builder.environment().put("TUNELAB_PREREQUISITES", mode);
    // a machine without the browser, whether or not this one has it
    builder.environment().put("TUNELAB_CHROMIUM", dir.resolve("no-chromium").toString());
    Process process = builder.start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
    return new Outcome(
        process.exitValue(), output, Files.readString(installed), Files.readString(linked));
  }

  private static void stub(Path bin, String name, String body) throws IOException {
    Path file = bin.resolve(name);
    Files.writeString(file, "#!/bin/bash\n" + body + "\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  private static String which(String tool) {
    for (String dir : List.of("/usr/bin", "/bin")) {
      if (Files.isExecutable(Path.of(dir, tool))) {
        return dir + "/" + tool;
      }
    }
    throw new AssertionError("no " + tool + " in /usr/bin or /bin");
  }
}
