package io.tunelab.tiers;

import io.tunelab.core.BadInputException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.GroupPrincipal;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import java.util.Set;

/**
 * Where running stacks keep their data, logs and process records: the system property {@value
 * #PROPERTY}, the environment variable {@value #ENV}, or {@code <tmpdir>/tunelab-<user>}.
 *
 * <p>It lives outside the checkout on purpose: the PostgreSQL server runs as the {@code postgres}
 * user when we are root and must be able to reach its data directory, which a checkout under {@code
 * /root} would not allow.
 *
 * <p>It holds the stacks' data, sockets and credentials, so only its owner may use it: it must be a
 * folder of this user that no one else may write to (one another user made first, in a temp folder
 * anyone may write to, is refused), and tunelab makes it, and keeps its default one, at mode 0700;
 * when we are root, 0750 with the group of the PostgreSQL server's user, who must reach its data
 * directory inside. A folder given with {@value #ENV} keeps the mode its owner chose.
 */
public final class RuntimeDir {
  public static final String PROPERTY = "tunelab.runtime";
  public static final String ENV = "TUNELAB_RUNTIME";

  /** The OS user and group the PostgreSQL server runs as when we are root. */
  static final String SERVER_GROUP = "postgres";

  private RuntimeDir() {}

  /**
   * The runtime folder, made when missing and checked.
   *
   * @throws BadInputException when it belongs to another user
   */
  public static Path root() {
    String configured = System.getProperty(PROPERTY, System.getenv(ENV));
    boolean given = configured != null && !configured.isBlank();
    Path root = given ? Path.of(configured).toAbsolutePath().normalize() : defaultRoot();
    return secure(root, !given);
  }

  /**
   * What stacks share whatever runtime folder they use: {@code cache/} in the default runtime
   * folder, also when {@value #ENV} names another, so that runs and tests with a private runtime
   * folder reuse it (the db tier's template clusters). Deleting it costs only the time to fill it
   * again. When the default folder is not ours to use (another user made it), the runtime folder's
   * own {@code cache/}.
   */
  public static Path cache() {
    Path root;
    try {
      root = secure(defaultRoot(), true);
    } catch (BadInputException e) {
      root = root();
    }
    return secure(root.resolve("cache"), true);
  }

  private static Path defaultRoot() {
    return Path.of(System.getProperty("java.io.tmpdir"), "tunelab-" + user())
        .toAbsolutePath()
        .normalize();
  }

  /**
   * Makes {@code dir} at {@link #mode()} when missing; refuses it when another user owns it or may
   * write to it, or, at tunelab's default place, when it is a symbolic link.
   *
   * @param tunelabs whether the folder is tunelab's default one (else the user named it)
   * @throws BadInputException naming the problem and the fix
   */
  static Path secure(Path dir, boolean tunelabs) {
    try {
      boolean made = false;
      if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
        Files.createDirectories(dir.getParent());
        // owner-only from the first moment; the server's group joins below
        Files.createDirectory(
            dir,
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        made = true;
      } else if (tunelabs && Files.isSymbolicLink(dir)) {
        throw new BadInputException(
            "the runtime directory "
                + dir
                + " is a symbolic link, which someone else may have placed there: remove it, or"
                + " set "
                + ENV
                + " to a folder of your own");
      }
      requireOwnedByUs(dir);
      if (made) {
        narrow(dir);
      }
      requireNotWritableByOthers(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create or secure the runtime directory " + dir, e);
    }
    return dir;
  }

  private static void narrow(Path dir) throws IOException {
    PosixFileAttributeView view = Files.getFileAttributeView(dir, PosixFileAttributeView.class);
    Optional<GroupPrincipal> group = serverGroup();
    if (group.isPresent()) {
      view.setGroup(group.get());
    }
    view.setPermissions(mode());
  }

  private static void requireNotWritableByOthers(Path dir) throws IOException {
    Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(dir);
    if (permissions.contains(PosixFilePermission.GROUP_WRITE)
        || permissions.contains(PosixFilePermission.OTHERS_WRITE)) {
      throw new BadInputException(
          "the runtime directory "
              + dir
              + " may be written by other users ("
              + PosixFilePermissions.toString(permissions)
              + "), who could replace your stacks' data: chmod go-w "
              + dir
              + ", or set "
              + ENV
              + " to a folder of your own");
    }
  }

  /** The permissions {@link #secure} gives a runtime folder here. */
  static Set<PosixFilePermission> mode() {
    return PosixFilePermissions.fromString(serverGroup().isPresent() ? "rwxr-x---" : "rwx------");
  }

  private static void requireOwnedByUs(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      throw new BadInputException(
          "the runtime directory "
              + dir
              + " is not a folder: remove it, or set "
              + ENV
              + " to a folder of your own");
    }
    int owner = (Integer) Files.getAttribute(dir, "unix:uid");
    int us = (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
    if (owner != us) {
      throw new BadInputException(
          "the runtime directory "
              + dir
              + " belongs to another user ("
              + Files.getOwner(dir).getName()
              + "), who could read or replace your stacks' data and credentials: remove it, or set "
              + ENV
              + " to a folder of your own");
    }
  }

  /** The PostgreSQL server's group when we are root (the server then runs as that user). */
  private static Optional<GroupPrincipal> serverGroup() {
    if (!isRoot()) {
      return Optional.empty();
    }
    try {
      return Optional.of(
          Path.of("/")
              .getFileSystem()
              .getUserPrincipalLookupService()
              .lookupPrincipalByGroupName(SERVER_GROUP));
    } catch (IOException e) {
      // No postgres group: the db tier says what to do when it starts.
      return Optional.empty();
    }
  }

  private static boolean isRoot() {
    try {
      return ((Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid")) == 0;
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      return "root".equals(System.getProperty("user.name"));
    }
  }

  private static String user() {
    return System.getProperty("user.name", "user").replaceAll("[^A-Za-z0-9_.-]", "_");
  }
}
