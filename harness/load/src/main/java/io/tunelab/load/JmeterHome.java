package io.tunelab.load;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * A JMETER_HOME for the engine: the {@code bin/} folder of a JMeter installation
 * (jmeter.properties, saveservice.properties, log4j2.xml, the report template), unpacked from the
 * {@code ApacheJMeter_config} jar on the class path.
 */
final class JmeterHome {
  private static final String MARKER = "bin/jmeter.properties";

  private JmeterHome() {}

  /** Unpacks {@code bin/} into {@code dir} (replacing what is there) and returns {@code dir}. */
  static Path unpack(Path dir) throws IOException {
    URL marker = JmeterHome.class.getClassLoader().getResource(MARKER);
    if (marker == null || !"jar".equals(marker.getProtocol())) {
      throw new IOException(
          "ApacheJMeter_config is not on the class path (no " + MARKER + "): rebuild harness/load");
    }
    JarURLConnection connection = (JarURLConnection) marker.openConnection();
    connection.setUseCaches(false);
    try (JarFile jar = connection.getJarFile()) {
      Enumeration<JarEntry> entries = jar.entries();
      while (entries.hasMoreElements()) {
        JarEntry entry = entries.nextElement();
        if (entry.getName().startsWith("bin/") && !entry.isDirectory()) {
          Path target = dir.resolve(entry.getName()).normalize();
          if (!target.startsWith(dir)) {
            continue; // a name escaping the folder: never from this jar, skip it anyway
          }
          Files.createDirectories(target.getParent());
          try (InputStream in = jar.getInputStream(entry)) {
            Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
          }
        }
      }
    }
    return dir;
  }

  /** Removes an unpacked home; what cannot be removed is left, as it harms nothing. */
  static void delete(Path dir) {
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    } catch (IOException | UncheckedIOException e) {
      // a leftover copy of a configuration folder is not worth failing a finished load run for
    }
  }
}
