package io.tunelab.core.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

/**
 * Chart.js from its WebJar on the class path (the version pinned in the root pom), read once: the
 * report inlines it so the page opens from disk with no network.
 */
final class ChartJs {
  private static final String POM = "META-INF/maven/org.webjars.npm/chart.js/pom.properties";
  private static final String SCRIPT = "META-INF/resources/webjars/chart.js/%s/dist/chart.umd.js";

  private static volatile String script;
  private static volatile String version;

  private ChartJs() {}

  /** The version of the WebJar found. */
  static String version() {
    if (version == null) {
      Properties pom = new Properties();
      try (InputStream in = resource(POM)) {
        pom.load(in);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read " + POM, e);
      }
      version = pom.getProperty("version");
    }
    return version;
  }

  /** The library's UMD build, as text. */
  static String script() {
    if (script == null) {
      String name = String.format(SCRIPT, version());
      try (InputStream in = resource(name)) {
        script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read " + name, e);
      }
    }
    return script;
  }

  private static InputStream resource(String name) {
    InputStream in = ChartJs.class.getClassLoader().getResourceAsStream(name);
    if (in == null) {
      throw new IllegalStateException(
          name + " is not on the class path: the org.webjars.npm:chart.js jar is missing");
    }
    return in;
  }
}
