package io.tunelab.tiers.db;

import io.tunelab.core.BadInputException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.GroupPrincipal;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.UserPrincipal;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The OS user the PostgreSQL server runs as. PostgreSQL refuses to run as root, so when we are root
 * the server runs as {@code postgres} through {@code setpriv}, which execs: the pid we start is the
 * postmaster itself, not a wrapper that would have to forward signals. Otherwise the binaries run
 * as we do.
 */
final class ServerUser {
  static final String POSTGRES = "postgres";

  /** Empty when we are not root and run the server ourselves. */
  private final Optional<UserPrincipal> user;

  private final Optional<GroupPrincipal> group;

  private ServerUser(Optional<UserPrincipal> user, Optional<GroupPrincipal> group) {
    this.user = user;
    this.group = group;
  }

  static ServerUser forThisProcess() {
    if (!isRoot()) {
      return new ServerUser(Optional.empty(), Optional.empty());
    }
    UserPrincipalLookupService lookup =
        Path.of("/").getFileSystem().getUserPrincipalLookupService();
    try {
      return new ServerUser(
          Optional.of(lookup.lookupPrincipalByName(POSTGRES)),
          Optional.of(lookup.lookupPrincipalByGroupName(POSTGRES)));
    } catch (IOException e) {
      throw new BadInputException(
          "tunelab runs as root, PostgreSQL refuses to, and there is no '"
              + POSTGRES
              + "' user and group to run it as ("
              + e.getMessage()
              + "): install PostgreSQL (apt-get install postgresql creates them), create them"
              + " (useradd --system --user-group postgres), or run tunelab as a normal user");
    }
  }

  static boolean isRoot() {
    try {
      return ((Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid")) == 0;
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      return "root".equals(System.getProperty("user.name"));
    }
  }

  boolean switches() {
    return user.isPresent();
  }

  /**
   * {@code command} as the server user runs it, in the C locale whatever ours is ({@code env} execs
   * too, so the pid stays the server's).
   */
  List<String> command(List<String> command) {
    List<String> full = new ArrayList<>();
    if (switches()) {
      full.addAll(
          List.of(
              "setpriv",
              "--reuid=" + POSTGRES,
              "--regid=" + POSTGRES,
              "--init-groups",
              "--reset-env"));
    }
    full.addAll(List.of("env", "LC_ALL=C", "LANG=C"));
    full.addAll(command);
    return full;
  }

  /** Hands {@code path} to the server user, who must write there. */
  void own(Path path) {
    if (!switches()) {
      return;
    }
    try {
      PosixFileAttributeView view = Files.getFileAttributeView(path, PosixFileAttributeView.class);
      view.setOwner(user.get());
      view.setGroup(group.get());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot hand " + path + " to the " + POSTGRES + " user", e);
    }
  }

  /**
   * Fails with the fix when the server user cannot reach {@code dir}: a folder on the way that only
   * root may enter (such as a JUnit temp dir or /root) stops initdb with a bare "permission
   * denied".
   */
  void checkCanReach(Path dir) {
    if (!switches()) {
      return;
    }
    for (Path p = dir.toAbsolutePath().getParent(); p != null; p = p.getParent()) {
      try {
        Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(p);
        boolean asGroup =
            permissions.contains(PosixFilePermission.GROUP_EXECUTE)
                && Files.readAttributes(p, PosixFileAttributes.class).group().equals(group.get());
        if (!permissions.contains(PosixFilePermission.OTHERS_EXECUTE)
            && !asGroup
            && !Files.getOwner(p).equals(user.get())) {
          throw new BadInputException(
              "the db tier runs PostgreSQL as the "
                  + POSTGRES
                  + " user (tunelab runs as root), who cannot enter "
                  + p
                  + " on the way to "
                  + dir
                  + ": keep stacks under the runtime directory (TUNELAB_RUNTIME, default"
                  + " /tmp/tunelab-root, which tunelab opens to the postgres group) or chmod o+x "
                  + p);
        }
      } catch (IOException e) {
        throw new UncheckedIOException("cannot check the permissions of " + p, e);
      }
    }
  }
}
