package io.tunelab.core.knobs;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Free-form JVM flags ({@code middleware.jvm.flags}, {@code broker.jvm.flags}) that contradict the
 * heap and collector knobs of the same JVM: the flag would silently win over the knob (the run
 * records one heap and runs with another), or the JVM would refuse to start (two collectors).
 */
final class HeapFlags {
  private static final Pattern MAX_HEAP = Pattern.compile("-Xmx(\\S+)|-XX:MaxHeapSize=(\\S+)");
  private static final Pattern INITIAL_HEAP =
      Pattern.compile("-Xms(\\S+)|-XX:(?:InitialHeapSize|MinHeapSize)=(\\S+)");
  private static final Pattern YOUNG = Pattern.compile("-Xmn\\S+|-XX:(?:Max)?NewSize=\\S+");
  private static final Pattern COLLECTOR = Pattern.compile("-XX:\\+Use(\\w+)GC");

  private HeapFlags() {}

  /** The problems of the middleware's flags against its heap, young generation and collector. */
  static Optional<String> middleware(KnobSet knobs) {
    List<String> problems = new ArrayList<>();
    String flagsKnob = MiddlewareKnobs.JVM_FLAGS.name();
    for (String flag : flags(knobs.get(MiddlewareKnobs.JVM_FLAGS))) {
      if (MAX_HEAP.matcher(flag).matches()) {
        problems.add(use(flagsKnob, flag, MiddlewareKnobs.HEAP));
      } else if (INITIAL_HEAP.matcher(flag).matches()) {
        problems.add(use(flagsKnob, flag, MiddlewareKnobs.INITIAL_HEAP));
      } else if (YOUNG.matcher(flag).matches()) {
        problems.add(use(flagsKnob, flag, MiddlewareKnobs.YOUNG));
      } else {
        Matcher collector = COLLECTOR.matcher(flag);
        String chosen = knobs.get(MiddlewareKnobs.COLLECTOR).name().toLowerCase(Locale.ROOT);
        if (collector.matches() && !collector.group(1).toLowerCase(Locale.ROOT).equals(chosen)) {
          problems.add(
              flagsKnob
                  + " selects another collector ("
                  + flag
                  + ") than "
                  + MiddlewareKnobs.COLLECTOR.name()
                  + "="
                  + chosen
                  + ", and a JVM takes one: set "
                  + MiddlewareKnobs.COLLECTOR.name()
                  + " instead (g1, parallel or serial) and leave the flag out");
        }
      }
    }
    return problems.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", problems));
  }

  /**
   * The problems of the broker's flags against its heap knob: a maximum heap, or an initial heap
   * above the knob's maximum.
   */
  static Optional<String> broker(KnobSet knobs) {
    List<String> problems = new ArrayList<>();
    String flagsKnob = BrokerKnobs.JVM_FLAGS.name();
    int heap = knobs.get(BrokerKnobs.HEAP);
    for (String flag : flags(knobs.get(BrokerKnobs.JVM_FLAGS))) {
      if (MAX_HEAP.matcher(flag).matches()) {
        problems.add(use(flagsKnob, flag, BrokerKnobs.HEAP));
      }
      Matcher initial = INITIAL_HEAP.matcher(flag);
      if (initial.matches()) {
        long megabytes = megabytes(initial.group(1) != null ? initial.group(1) : initial.group(2));
        if (megabytes > heap) {
          problems.add(
              flagsKnob
                  + " asks for an initial heap ("
                  + flag
                  + ") above "
                  + BrokerKnobs.HEAP.name()
                  + " ("
                  + heap
                  + " MB), and the JVM would refuse to start: lower it or raise the knob");
        }
      }
    }
    return problems.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", problems));
  }

  private static String use(String flagsKnob, String flag, Knob<?> knob) {
    return flagsKnob
        + " sets "
        + flag
        + ", which "
        + knob.name()
        + " sets too (the flag would win and the run would record the knob): set the knob"
        + " instead, e.g. --set "
        + knob.name()
        + "=...";
  }

  private static List<String> flags(String text) {
    List<String> flags = new ArrayList<>();
    for (String flag : text.trim().split("\\s+")) {
      if (!flag.isEmpty()) {
        flags.add(flag);
      }
    }
    return flags;
  }

  /** A JVM size ({@code 512m}, {@code 2g}, {@code 1048576}) in megabytes; unknown: 0. */
  static long megabytes(String size) {
    Matcher m = Pattern.compile("(\\d+)([kKmMgGtT]?)").matcher(size);
    if (!m.matches()) {
      return 0;
    }
    long value = Long.parseLong(m.group(1));
    return switch (m.group(2).toLowerCase(Locale.ROOT)) {
      case "k" -> value / 1024;
      case "m" -> value;
      case "g" -> value * 1024;
      case "t" -> value * 1024 * 1024;
      default -> value / (1024 * 1024);
    };
  }
}
