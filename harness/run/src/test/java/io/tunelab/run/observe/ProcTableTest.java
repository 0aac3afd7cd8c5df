package io.tunelab.run.observe;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcTableTest {
  @Test
  void readsAStatLineWhoseCommandHoldsSpacesAndParentheses() {
    String line =
        "4242 (java (tier) x) S 17 4242 4242 0 -1 4194560 100 0 0 0 250 50 7 3 20 0 30 0"
            + " 123456 5000000000 2560 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0\n";

    ProcTable.Proc proc = ProcTable.parse(line).orElseThrow();

    assertThat(proc.pid()).isEqualTo(4242);
    assertThat(proc.ppid()).isEqualTo(17);
    assertThat(proc.ownTicks()).isEqualTo(300);
    assertThat(proc.childTicks()).isEqualTo(10);
    assertThat(proc.startTicks()).isEqualTo(123456);
    assertThat(proc.rssPages()).isEqualTo(2560);
  }

  @Test
  void readsTheMachineTicksAndCountsItsCores(@TempDir Path proc) throws Exception {
    Files.writeString(
        proc.resolve("stat"),
        "cpu  100 5 50 800 40 1 2 2 0 0\ncpu0 50 2 25 400 20 0 1 1 0 0\n"
            + "cpu1 50 3 25 400 20 1 1 1 0 0\nintr 1 2 3\n");

    ProcTable.MachineTicks machine = ProcTable.machine(proc);

    assertThat(machine.total()).isEqualTo(1000);
    assertThat(machine.busy()).isEqualTo(160);
    assertThat(machine.iowait()).isEqualTo(40);
    assertThat(machine.steal()).isEqualTo(2);
    assertThat(machine.cores()).isEqualTo(2);
  }

  @Test
  void readsTheStealTicksAsPartOfTheBusyTimeAndLeavesGuestTimeOut(@TempDir Path proc)
      throws Exception {
    // A 2-vCPU VM on a busy host: user nice system idle iowait irq softirq steal guest guest_nice.
    // Guest time (here 70) is already inside user: adding it would count it twice.
    Files.writeString(
        proc.resolve("stat"),
        "cpu  3000 0 700 5000 100 0 200 1000 70 0\ncpu0 1500 0 350 2500 50 0 100 500 35 0\n"
            + "cpu1 1500 0 350 2500 50 0 100 500 35 0\nctxt 99\n");

    ProcTable.MachineTicks machine = ProcTable.machine(proc);

    assertThat(machine.steal()).isEqualTo(1000);
    assertThat(machine.total()).isEqualTo(10_000);
    assertThat(machine.busy()).isEqualTo(4_900);
  }

  @Test
  void aKernelThatReportsNoStealReadsAsNone(@TempDir Path proc) throws Exception {
    // Kernels before 2.6.11 end the line after softirq.
    Files.writeString(proc.resolve("stat"), "cpu  100 0 50 800 40 5 5\ncpu0 100 0 50 800 40 5 5\n");

    ProcTable.MachineTicks machine = ProcTable.machine(proc);

    assertThat(machine.steal()).isZero();
    assertThat(machine.busy()).isEqualTo(160);
  }

  @Test
  void sumsTheJitCompilerThreadsOfAJvm(@TempDir Path proc) throws Exception {
    thread(proc, 7, 7, "java", 900, 100);
    thread(proc, 7, 8, "C2 CompilerThre", 300, 20);
    thread(proc, 7, 9, "C1 CompilerThre", 40, 5);
    thread(proc, 7, 10, "GC Thread#0", 60, 0);
    thread(proc, 11, 11, "postgres", 500, 50);

    assertThat(ProcTable.compilerTicks(proc, 7)).hasValue(365);
    assertThat(ProcTable.compilerTicks(proc, 11)).isEmpty();
    assertThat(ProcTable.compilerTicks(proc, 12)).isEmpty();
  }

  /** /proc/<pid>/task/<tid>/{comm,stat} with that thread's user and system ticks. */
  private static void thread(Path proc, long pid, long tid, String comm, long user, long system)
      throws Exception {
    Path task = Files.createDirectories(proc.resolve(pid + "/task/" + tid));
    Files.writeString(task.resolve("comm"), comm + "\n");
    Files.writeString(
        task.resolve("stat"),
        tid
            + " ("
            + comm
            + ") S 1 "
            + pid
            + " "
            + pid
            + " 0 -1 0 0 0 0 0 "
            + user
            + " "
            + system
            + " 0 0 20 0 1 0 100 1000 10 0\n");
  }

  @Test
  void readsTheOneMinuteLoadAverage(@TempDir Path proc) throws Exception {
    assertThat(ProcTable.loadAverage(proc)).isEmpty();
    Files.writeString(proc.resolve("loadavg"), "1.52 0.98 0.40 3/812 12345\n");

    assertThat(ProcTable.loadAverage(proc)).contains(1.52);
  }

  @Test
  void scansThisJvmAmongTheProcesses() {
    ProcTable table = ProcTable.scan(Path.of("/proc"));

    assertThat(table.get(ProcessHandle.current().pid()))
        .hasValueSatisfying(self -> assertThat(self.ownTicks()).isPositive());
  }
}
