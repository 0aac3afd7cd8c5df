package io.tunelab.tiers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tunelab.core.BadInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RuntimeDirTest {
  @TempDir Path tmp;

  @Test
  void aNewFolderLetsInOnlyItsOwnerAndTheDatabaseServersGroup() throws Exception {
    Path dir = RuntimeDir.secure(tmp.resolve("runtime"), false);

    assertThat(Files.getPosixFilePermissions(dir)).isEqualTo(RuntimeDir.mode());
    assertThat(PosixFilePermissions.toString(RuntimeDir.mode())).isIn("rwx------", "rwxr-x---");
    if (PosixFilePermissions.toString(RuntimeDir.mode()).equals("rwxr-x---")) {
      assertThat(Files.readAttributes(dir, PosixFileAttributes.class).group().getName())
          .isEqualTo(RuntimeDir.SERVER_GROUP);
    }
  }

  @Test
  void aFolderOfOursThatOthersMayOnlyReadKeepsTheModeWeGaveIt() throws Exception {
    Path dir = Files.createDirectory(tmp.resolve("tunelab-me"));
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));

    RuntimeDir.secure(dir, true);

    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)))
        .isEqualTo("rwxr-xr-x");
  }

  @Test
  void refusesAFolderOthersMayWriteTo() throws Exception {
    Path dir = Files.createDirectory(tmp.resolve("shared"));
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxrwx"));

    assertThatThrownBy(() -> RuntimeDir.secure(dir, false))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("may be written by other users (rwxrwxrwx)")
        .hasMessageContaining("chmod go-w " + dir);
  }

  @Test
  void refusesASymbolicLinkWhereItsDefaultFolderGoes() throws Exception {
    Path target = Files.createDirectory(tmp.resolve("elsewhere"));
    Path link = Files.createSymbolicLink(tmp.resolve("tunelab-me"), target);

    assertThatThrownBy(() -> RuntimeDir.secure(link, true))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("is a symbolic link")
        .hasMessageContaining("TUNELAB_RUNTIME");
  }

  @Test
  void refusesAFolderAnotherUserMadeFirst() throws Exception {
    Assumptions.assumeTrue(
        ((Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid")) == 0,
        "only root can give a folder to another user");
    Path dir = Files.createDirectory(tmp.resolve("tunelab-me"));
    UserPrincipal other =
        dir.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
    Files.setOwner(dir, other);

    assertThatThrownBy(() -> RuntimeDir.secure(dir, true))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("belongs to another user (nobody)")
        .hasMessageContaining("set TUNELAB_RUNTIME to a folder of your own");
  }
}
