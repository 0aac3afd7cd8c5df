package io.tunelab.cli;

import picocli.CommandLine;

/** A percentage as people write it: {@code 5%}, {@code 5} or {@code 2.5%}. */
final class Percent implements CommandLine.ITypeConverter<Double> {
  @Override
  public Double convert(String value) {
    String number = value.strip();
    if (number.endsWith("%")) {
      number = number.substring(0, number.length() - 1).strip();
    }
    try {
      return Double.parseDouble(number);
    } catch (NumberFormatException e) {
      throw new CommandLine.TypeConversionException(
          "'" + value + "' is not a percentage: write it as 5% or 5");
    }
  }
}
