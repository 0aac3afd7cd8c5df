package io.tunelab.core.report;

/** Text made safe as HTML text or an attribute value, for every page tunelab writes. */
public final class HtmlText {
  private HtmlText() {}

  /** {@code & < > " '} as entities, everything else as it is. */
  public static String escape(String text) {
    StringBuilder out = new StringBuilder(text.length());
    for (char c : text.toCharArray()) {
      switch (c) {
        case '&' -> out.append("&amp;");
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '"' -> out.append("&quot;");
        case '\'' -> out.append("&#39;");
        default -> out.append(c);
      }
    }
    return out.toString();
  }
}
