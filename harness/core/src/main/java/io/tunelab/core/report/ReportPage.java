package io.tunelab.core.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Renders a report page from a template resource ({@code report.html}, {@code compare.html}): the
 * model inlined as a JSON data block, Chart.js and the pages' shared script ({@code
 * report-common.js}) and style ({@code report.css}) inlined, the title escaped as HTML. The page's
 * script builds every table and chart from the data, setting text only as text (never as markup),
 * so knob values and SQL cannot become markup.
 */
final class ReportPage {
  static final String RUN_TEMPLATE = "report.html";
  static final String COMPARE_TEMPLATE = "compare.html";
  private static final Pattern SLOT = Pattern.compile("\\{\\{(\\w+)}}");
  private static final ObjectMapper JSON = new ObjectMapper();

  private ReportPage() {}

  static String render(String template, JsonNode model, String title) {
    Map<String, String> slots =
        Map.of(
            "title", html(title),
            "data", scriptSafeJson(model),
            "chartjs", scriptSafe(ChartJs.script()),
            "chartjsVersion", html(ChartJs.version()),
            "common", scriptSafe(resource("report-common.js")),
            "css", resource("report.css").replace("</style", ""));
    // One pass over the template: text put into a slot is never searched for slots again.
    Matcher slot = SLOT.matcher(resource(template));
    StringBuilder page = new StringBuilder();
    while (slot.find()) {
      String value = slots.get(slot.group(1));
      if (value == null) {
        throw new IllegalStateException("report.html has an unknown slot " + slot.group());
      }
      slot.appendReplacement(page, Matcher.quoteReplacement(value));
    }
    slot.appendTail(page);
    return page.toString();
  }

  /** Text as HTML text or attribute value. */
  static String html(String text) {
    return HtmlText.escape(text);
  }

  /**
   * JSON that cannot end its script element nor open a comment in it: {@code <}, {@code >} and
   * {@code &} only occur inside JSON strings, where their {@code \\u} escapes mean the same.
   */
  static String scriptSafeJson(JsonNode model) {
    try {
      return JSON.writeValueAsString(model)
          .replace("<", "\\u003c")
          .replace(">", "\\u003e")
          .replace("&", "\\u0026")
          .replace("\u2028", "\\u2028")
          .replace("\u2029", "\\u2029");
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  /** A script that cannot end its script element early. */
  private static String scriptSafe(String script) {
    return script.replace("</script", "<\\/script").replace("<!--", "<\\!--");
  }

  private static String resource(String name) {
    try (InputStream in = ReportPage.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException(name + " is missing beside " + ReportPage.class);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
