package io.tunelab.core.knobs;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/** The knob types tunelab uses. */
public final class KnobTypes {
  private KnobTypes() {}

  /** A whole number in {@code [min, max]}. */
  public static KnobType<Integer> integer(int min, int max) {
    return new KnobType<>() {
      @Override
      public Integer parse(String text) {
        int value;
        try {
          value = Integer.parseInt(text.trim().replace("_", ""));
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException("not an integer");
        }
        if (value < min || value > max) {
          throw new IllegalArgumentException("out of range");
        }
        return value;
      }

      @Override
      public String format(Integer value) {
        return Integer.toString(value);
      }

      @Override
      public String allowed() {
        return "an integer " + min + ".." + max;
      }

      @Override
      public String kind() {
        return "integer";
      }
    };
  }

  /** A decimal number in {@code [min, max]}. */
  public static KnobType<Double> decimal(double min, double max) {
    return new KnobType<>() {
      @Override
      public Double parse(String text) {
        double value;
        try {
          value = Double.parseDouble(text.trim());
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException("not a number");
        }
        if (!(value >= min && value <= max)) {
          throw new IllegalArgumentException("out of range");
        }
        return value;
      }

      @Override
      public String format(Double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15
            ? Long.toString(value.longValue())
            : Double.toString(value);
      }

      @Override
      public String allowed() {
        return "a number " + format(min) + ".." + format(max);
      }

      @Override
      public String kind() {
        return "decimal";
      }
    };
  }

  /** {@code on}/{@code off} (also true/false, yes/no). */
  public static KnobType<Boolean> bool() {
    return new KnobType<>() {
      @Override
      public Boolean parse(String text) {
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
          case "on", "true", "yes" -> true;
          case "off", "false", "no" -> false;
          default -> throw new IllegalArgumentException("not on/off");
        };
      }

      @Override
      public String format(Boolean value) {
        return value ? "on" : "off";
      }

      @Override
      public String allowed() {
        return "on or off";
      }

      @Override
      public String kind() {
        return "boolean";
      }
    };
  }

  /** One of an enum's words ({@link KnobChoice#label()}), compared without case. */
  public static <E extends Enum<E> & KnobChoice> KnobType<E> choice(Class<E> choices) {
    List<E> allowed = List.of(choices.getEnumConstants());
    return new KnobType<>() {
      @Override
      public E parse(String text) {
        String wanted = text.trim();
        return allowed.stream()
            .filter(value -> value.label().equalsIgnoreCase(wanted))
            .findFirst()
            .orElseThrow(() -> new IllegalArgumentException("unknown value"));
      }

      @Override
      public String format(E value) {
        return value.label();
      }

      @Override
      public String allowed() {
        return "one of " + String.join(", ", allowed.stream().map(KnobChoice::label).toList());
      }

      @Override
      public String kind() {
        return "choice";
      }
    };
  }

  /**
   * One or more of an enum's words, comma-separated ({@code async,sync}): a value for each of
   * several instances of a tier, or one for all of them.
   */
  public static <E extends Enum<E> & KnobChoice> KnobType<List<E>> choices(Class<E> choices) {
    KnobType<E> one = choice(choices);
    return new KnobType<>() {
      @Override
      public List<E> parse(String text) {
        List<E> values = new java.util.ArrayList<>();
        for (String word : text.split(",", -1)) {
          if (word.isBlank()) {
            throw new IllegalArgumentException("an empty word in the list");
          }
          values.add(one.parse(word));
        }
        return List.copyOf(values);
      }

      @Override
      public String format(List<E> values) {
        return String.join(",", values.stream().map(KnobChoice::label).toList());
      }

      @Override
      public String allowed() {
        return one.allowed() + ", or one for each instance, comma-separated";
      }

      @Override
      public String kind() {
        return "choices";
      }
    };
  }

  /** A back-end delay: {@code 500}, {@code uniform:400..600}, {@code lognormal:500:0.25}. */
  public static KnobType<Latency> latency() {
    return new KnobType<>() {
      @Override
      public Latency parse(String text) {
        try {
          return Latency.parse(text);
        } catch (RuntimeException e) {
          throw new IllegalArgumentException(e.getMessage());
        }
      }

      @Override
      public String format(Latency value) {
        return value.text();
      }

      @Override
      public String allowed() {
        return "milliseconds (500), uniform:LOWER..UPPER or lognormal:MEDIAN:SIGMA";
      }

      @Override
      public String kind() {
        return "latency";
      }
    };
  }

  /** Any text without line breaks (checked by the tier itself, e.g. PostgreSQL). */
  public static KnobType<String> text() {
    return pattern("text", "any text on one line", Pattern.compile("[^\\r\\n]*"));
  }

  /** A PostgreSQL memory size: a number with an optional unit kB, MB, GB or TB. */
  public static KnobType<String> size() {
    return pattern(
        "size",
        "a size such as 128MB (units kB, MB, GB, TB)",
        Pattern.compile("\\d+(kB|MB|GB|TB)?"));
  }

  /** A PostgreSQL duration: a number with an optional unit us, ms, s, min, h or d. */
  public static KnobType<String> duration() {
    return pattern(
        "duration",
        "a duration such as 5min (units us, ms, s, min, h, d)",
        Pattern.compile("\\d+(us|ms|s|min|h|d)?"));
  }

  /** Text matching {@code regex}, described by {@code allowed} in messages and docs. */
  public static KnobType<String> pattern(String kind, String allowed, String regex) {
    return pattern(kind, allowed, Pattern.compile(regex));
  }

  private static KnobType<String> pattern(String kind, String allowed, Pattern pattern) {
    return new KnobType<>() {
      @Override
      public String parse(String text) {
        String value = text.trim();
        if (!pattern.matcher(value).matches()) {
          throw new IllegalArgumentException("malformed");
        }
        return value;
      }

      @Override
      public String format(String value) {
        return value;
      }

      @Override
      public String allowed() {
        return allowed;
      }

      @Override
      public String kind() {
        return kind;
      }
    };
  }
}
