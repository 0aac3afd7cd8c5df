package io.tunelab.cli;

import picocli.CommandLine.IVersionProvider;

/**
 * {@code tunelab --version}: the version, commit and build date the build wrote into the jar
 * ({@link BuildInfo}), and the JDK it runs on.
 */
final class Version implements IVersionProvider {
  @Override
  public String[] getVersion() {
    BuildInfo build = BuildInfo.read();
    if (build.version().isEmpty()) {
      return new String[] {
        "tunelab (development build: no build information; build with ./mvnw package)", jdk()
      };
    }
    return new String[] {
      "tunelab " + build.version(), "commit " + build.commit(), "built " + build.builtAt(), jdk()
    };
  }

  private static String jdk() {
    return "JDK "
        + System.getProperty("java.version")
        + " ("
        + System.getProperty("java.vendor")
        + ")";
  }
}
