package io.tunelab.tiers;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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

  /**
   * A tier JVM that maps its jar's class archive ({@link ClassDataArchive}), or writes it at its
   * exit when there is none yet; a detached tier (no owner) only maps one.
   */
  public static Launch withClassArchive(
      Path distJar, List<String> jvmFlags, OptionalLong ownerPid, List<String> args) {
    ClassDataArchive.Use classes =
        ClassDataArchive.standard().forJar(distJar, jvmFlags, ownerPid.isPresent());
    // the archive's flags first: a tier's own flags come after them and win where they overlap
    List<String> flags = new ArrayList<>(classes.flags());
    flags.addAll(jvmFlags);
    return new Launch(of(distJar, flags, ownerPid, args), classes);
  }

  /** A tier JVM's command line and its class archive's use. */
  public record Launch(List<String> command, ClassDataArchive.Use classes) {
    /**
     * Starts it ({@link TierProcess#start}); once it exited, the archive it wrote is put in place.
     */
    public TierProcess start(String name, Path workDir, Path log, Map<String, String> env) {
      TierProcess process = TierProcess.start(name, command, workDir, log, env);
      process.onExit(classes::afterExit);
      return process;
    }

    /** Starts it as a server on pipes: {@link TierProcess#startServing}. */
    public TierProcess startServing(String name, Path workDir, Path log, Map<String, String> env) {
      TierProcess process = TierProcess.startServing(name, command, workDir, log, env);
      process.onExit(classes::afterExit);
      return process;
    }
  }

  /** The {@code java} of the JDK running the controller, so every tier runs the same JDK. */
  public static String javaExecutable() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }
}
