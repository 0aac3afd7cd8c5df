package io.tunelab.tiers;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/** The command line of a tier JVM: this JDK's {@code java}, the tier's flags, its dist jar. */
public final class JavaCommand {
  /** Mirrors {@code io.tunelab.tiermain.OwnerWatchdog.OWNER_PID_PROPERTY}. */
  public static final String OWNER_PID_PROPERTY = "tunelab.owner.pid";

  private JavaCommand() {}

  /**
   * @param jvmFlags heap, collector and other flags for this tier alone
   * @param ownerPid the process whose death ends the tier; empty for a detached stack
   */
  public static List<String> of(
      Path distJar, List<String> jvmFlags, OptionalLong ownerPid, List<String> args) {
    List<String> command = new ArrayList<>();
    command.add(javaExecutable());
    command.addAll(jvmFlags);
    ownerPid.ifPresent(pid -> command.add("-D" + OWNER_PID_PROPERTY + "=" + pid));
    command.add("-jar");
    command.add(distJar.toString());
    command.addAll(args);
    return command;
  }

  /** The {@code java} of the JDK running the controller, so every tier runs the same JDK. */
  public static String javaExecutable() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }
}
