package io.tunelab.cli;

import java.util.Locale;
import picocli.CommandLine;

/** A duration as whole minutes: {@code 10m}, {@code 1h}, {@code 600s} or {@code 10}. */
final class Minutes implements CommandLine.ITypeConverter<Integer> {
  @Override
  public Integer convert(String value) {
    String text = value.strip().toLowerCase(Locale.ROOT);
    try {
      if (text.endsWith("h")) {
        return Math.toIntExact(60 * Long.parseLong(text.substring(0, text.length() - 1)));
      }
      if (text.endsWith("s")) {
        long seconds = Long.parseLong(text.substring(0, text.length() - 1));
        if (seconds % 60 != 0) {
          throw new CommandLine.TypeConversionException(
              "'" + value + "' is not whole minutes: write 10m, 1h or a multiple of 60s");
        }
        return Math.toIntExact(seconds / 60);
      }
      if (text.endsWith("m") || text.endsWith("min")) {
        return Integer.parseInt(text.replaceAll("m(in)?$", ""));
      }
      return Integer.parseInt(text);
    } catch (NumberFormatException | ArithmeticException e) {
      throw new CommandLine.TypeConversionException(
          "'" + value + "' is not a duration: write it as 10m, 1h or 600s");
    }
  }
}
