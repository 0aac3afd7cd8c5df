package io.tunelab.tiers.stack;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.tunelab.core.stack.Endpoints;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The stacks started from one runtime directory, each in {@code stacks/<id>/} with its {@code
 * stack.json}. It finds stacks whose controller died and stops what they left running.
 */
public final class StackRegistry {
  static final String STATE_FILE = "stack.json";

  /** The stack's passwords, readable by this user alone; {@link #STATE_FILE} masks them. */
  static final String CREDENTIALS_FILE = "credentials.json";

  private static final java.util.Set<java.nio.file.attribute.PosixFilePermission> OWNER_ONLY =
      java.nio.file.attribute.PosixFilePermissions.fromString("rw-------");
  private static final Logger LOG = LoggerFactory.getLogger(StackRegistry.class);
  private static final Duration STOP_GRACE = Duration.ofSeconds(15);
  private static final ObjectMapper JSON =
      new ObjectMapper()
          .enable(SerializationFeature.INDENT_OUTPUT)
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  private final Path stacks;

  public StackRegistry(Path runtimeRoot) {
    this.stacks = runtimeRoot.resolve("stacks");
  }

  /** A new, empty directory for a stack. */
  public Path newStackDirectory(String id) {
    Path dir = stacks.resolve(id);
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create " + dir, e);
    }
    return dir;
  }

  /** Writes the state atomically, so a reader never sees half a file. */
  public void save(StackState state) {
    Path dir = stacks.resolve(state.id());
    Path tmp = dir.resolve(STATE_FILE + ".tmp");
    try {
      Files.createDirectories(dir);
      JSON.writeValue(tmp.toFile(), state);
      Files.move(
          tmp,
          dir.resolve(STATE_FILE),
          StandardCopyOption.REPLACE_EXISTING,
          StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the state of stack " + state.id(), e);
    }
  }

  /**
   * Writes the stack's user names and passwords to {@value #CREDENTIALS_FILE}, created readable and
   * writable by this user only (0600), so that {@code stack status --show-credentials} can show
   * them later and nothing else writes them down.
   */
  public void saveCredentials(String id, Endpoints endpoints) {
    Path dir = stacks.resolve(id);
    Path tmp = dir.resolve(CREDENTIALS_FILE + ".tmp");
    StackDescription.Credentials credentials = StackDescription.Credentials.of(endpoints);
    try {
      Files.createDirectories(dir);
      Files.deleteIfExists(tmp);
      Files.createFile(
          tmp, java.nio.file.attribute.PosixFilePermissions.asFileAttribute(OWNER_ONLY));
      Files.write(tmp, JSON.writeValueAsBytes(credentials));
      Files.move(
          tmp,
          dir.resolve(CREDENTIALS_FILE),
          StandardCopyOption.REPLACE_EXISTING,
          StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the credentials of stack " + id, e);
    }
  }

  /** The stack's user names and passwords, when it recorded them. */
  public Optional<StackDescription.Credentials> credentials(String id) {
    Path file = stacks.resolve(id).resolve(CREDENTIALS_FILE);
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try {
      return Optional.of(JSON.readValue(file.toFile(), StackDescription.Credentials.class));
    } catch (IOException e) {
      LOG.warn("ignoring unreadable stack credentials {}: {}", file, e.getMessage());
      return Optional.empty();
    }
  }

  /** Every stack with a state file, oldest first. */
  public List<StackState> list() {
    if (!Files.isDirectory(stacks)) {
      return List.of();
    }
    List<StackState> states = new ArrayList<>();
    try (Stream<Path> dirs = Files.list(stacks)) {
      for (Path dir : dirs.sorted().toList()) {
        read(dir).ifPresent(states::add);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + stacks, e);
    }
    return states;
  }

  public Optional<StackState> find(String id) {
    return read(stacks.resolve(id));
  }

  private Optional<StackState> read(Path dir) {
    Path file = dir.resolve(STATE_FILE);
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try {
      return Optional.of(JSON.readValue(file.toFile(), StackState.class));
    } catch (IOException e) {
      LOG.warn("ignoring unreadable stack state {}: {}", file, e.getMessage());
      return Optional.empty();
    }
  }

  /**
   * Stops the processes of every stack whose owning controller is gone (killed, crashed) and
   * forgets those stacks. Detached stacks are left alone: they end with {@code stack down}.
   *
   * @return the ids of the stacks cleaned up
   */
  public List<String> cleanStale() {
    List<String> cleaned = new ArrayList<>();
    for (StackState state : list()) {
      if (state.ownerGone()) {
        LOG.info(
            "stack {} was left by controller {}, which is gone: stopping it",
            state.id(),
            state.ownerPid());
        stop(state);
        cleaned.add(state.id());
      }
    }
    return cleaned;
  }

  /** Stops every process of the stack, keeps its logs, removes its state and data. */
  public void stop(StackState state) {
    List<ProcessRecord> all = state.tiers().stream().flatMap(t -> t.processes().stream()).toList();
    ProcessStopper.stop(all, STOP_GRACE);
    forget(state.id());
  }

  /** Removes the state file and everything but the logs of a stack. */
  public void forget(String id) {
    Path dir = stacks.resolve(id);
    if (!Files.isDirectory(dir)) {
      return;
    }
    try (Stream<Path> entries = Files.walk(dir)) {
      entries
          .sorted(Comparator.reverseOrder())
          .filter(p -> !p.equals(dir))
          .filter(p -> !p.toString().endsWith(".log") && !p.getFileName().toString().equals("logs"))
          .forEach(StackRegistry::deleteQuietly);
    } catch (IOException e) {
      LOG.warn("cannot clean {}: {}", dir, e.getMessage());
    }
  }

  private static void deleteQuietly(Path path) {
    try {
      Files.deleteIfExists(path);
    } catch (IOException e) {
      // A directory that still holds a kept log is not empty; that is intended.
    }
  }
}
