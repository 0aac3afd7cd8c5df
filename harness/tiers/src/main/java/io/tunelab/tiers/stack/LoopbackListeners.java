package io.tunelab.tiers.stack;

import java.io.IOException;
import java.net.URI;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * The process of this machine that listens on a loopback TCP port, read from {@code /proc}: how the
 * observer finds the tiers of a stack it did not start (a {@code docker compose} stack on the
 * host's network, another controller's {@code stack up}) and counts their CPU as the stack's, not
 * as noise outside it. Found for reading only: nothing here stops or signals a process.
 *
 * <p>A listening socket's inode is in {@code /proc/net/tcp} and {@code tcp6}; the process holding
 * it has a {@code socket:[inode]} link among its {@code /proc/PID/fd}. A child that inherited the
 * socket is skipped for the ancestor that holds it too, and Docker's port forwarder is not a tier
 * (a container on a bridge network is not found). A process of another user whose descriptors
 * cannot be read is not found, as is any listener when this is not Linux.
 */
final class LoopbackListeners {
  private static final String LISTEN = "0A";

  /**
   * Processes that listen for a container on a bridge network and pass its traffic on: not the
   * tier, whose CPU they would stand for.
   */
  private static final Set<String> FORWARDERS = Set.of("docker-proxy", "rootlesskit");

  private final Path proc;

  LoopbackListeners(Path proc) {
    this.proc = proc;
  }

  static LoopbackListeners ofThisMachine() {
    return new LoopbackListeners(Path.of("/proc"));
  }

  /** The port of {@code url} when its host is a loopback name or address. */
  static OptionalInt loopbackPort(String url) {
    if (url == null || url.isBlank()) {
      return OptionalInt.empty();
    }
    try {
      URI uri = URI.create(url.startsWith("jdbc:") ? url.substring("jdbc:".length()) : url);
      String host = uri.getHost() == null ? "" : uri.getHost().toLowerCase(Locale.ROOT);
      boolean loopback =
          host.equals("localhost")
              || host.startsWith("127.")
              || host.equals("[::1]")
              || host.equals("::1");
      return loopback && uri.getPort() > 0 ? OptionalInt.of(uri.getPort()) : OptionalInt.empty();
    } catch (IllegalArgumentException notAUrl) {
      return OptionalInt.empty();
    }
  }

  /** The process listening on {@code port}, if this machine shows one. */
  Optional<ProcessHandle> listeningOn(int port) {
    Set<String> inodes = new HashSet<>();
    inodes.addAll(listeningInodes(proc.resolve("net/tcp"), port));
    inodes.addAll(listeningInodes(proc.resolve("net/tcp6"), port));
    if (inodes.isEmpty()) {
      return Optional.empty();
    }
    List<Long> holders = holders(inodes);
    return holders.stream()
        .filter(pid -> !holders.contains(parent(pid)))
        .filter(pid -> !FORWARDERS.contains(command(pid)))
        .findFirst()
        .flatMap(ProcessHandle::of);
  }

  private String command(long pid) {
    try {
      return Files.readString(proc.resolve(Long.toString(pid)).resolve("comm")).strip();
    } catch (IOException | RuntimeException gone) {
      return "";
    }
  }

  /** Inodes of the sockets in LISTEN state on {@code port} in one of the kernel's tables. */
  static List<String> listeningInodes(Path table, int port) {
    List<String> inodes = new ArrayList<>();
    List<String> lines;
    try {
      lines = Files.readAllLines(table);
    } catch (IOException | RuntimeException absent) {
      return inodes;
    }
    String hexPort = String.format(Locale.ROOT, ":%04X", port);
    for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
      // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode ...
      String[] f = line.trim().split("\\s+");
      if (f.length > 9 && f[1].toUpperCase(Locale.ROOT).endsWith(hexPort) && f[3].equals(LISTEN)) {
        inodes.add(f[9]);
      }
    }
    return inodes;
  }

  private List<Long> holders(Set<String> inodes) {
    Set<String> links = new HashSet<>();
    inodes.forEach(inode -> links.add("socket:[" + inode + "]"));
    List<Long> holders = new ArrayList<>();
    try (DirectoryStream<Path> processes = Files.newDirectoryStream(proc, "[0-9]*")) {
      for (Path process : processes) {
        if (holds(process.resolve("fd"), links)) {
          holders.add(Long.parseLong(process.getFileName().toString()));
        }
      }
    } catch (IOException | RuntimeException unreadable) {
      return holders;
    }
    return holders;
  }

  private static boolean holds(Path fds, Set<String> links) {
    try (DirectoryStream<Path> all = Files.newDirectoryStream(fds)) {
      for (Path fd : all) {
        try {
          if (links.contains(Files.readSymbolicLink(fd).toString())) {
            return true;
          }
        } catch (IOException | RuntimeException closed) {
          // closed while read
        }
      }
    } catch (IOException | RuntimeException goneOrNotOurs) {
      return false;
    }
    return false;
  }

  private long parent(long pid) {
    try {
      String stat = Files.readString(proc.resolve(Long.toString(pid)).resolve("stat"));
      return Long.parseLong(stat.substring(stat.lastIndexOf(')') + 2).split(" ")[1]);
    } catch (IOException | RuntimeException gone) {
      return -1;
    }
  }
}
