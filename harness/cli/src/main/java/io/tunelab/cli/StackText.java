package io.tunelab.cli;

import io.tunelab.core.stack.Backend;
import io.tunelab.tiers.stack.StackDescription;
import java.io.PrintWriter;
import java.util.Map;

/** The human-readable form of a stack description. */
final class StackText {
  private StackText() {}

  static void print(PrintWriter out, StackDescription stack, Map<String, Long> prepareMillis) {
    out.printf("stack %s (%s)%n", stack.id(), stack.provider());
    out.printf(
        "  db      %s  user %s password %s%n",
        stack.db(), stack.credentials().db().user(), stack.credentials().db().password());
    if (stack.credentials().dbApp() != null) {
      out.printf(
          "          middleware as user %s password %s%n",
          stack.credentials().dbApp().user(), stack.credentials().dbApp().password());
    }
    out.printf("  broker  %s%n", stack.broker());
    for (Backend backend : Backend.values()) {
      String url = stack.mocks().url(backend);
      if (url != null) {
        out.printf("  %-7s %s%n", backend.label(), url);
      }
    }
    if (stack.startMillis() != null) {
      StringBuilder times = new StringBuilder("  started in");
      stack
          .startMillis()
          .forEach(
              (tier, millis) -> times.append(String.format(" %s %.1f s,", tier, millis / 1000.0)));
      out.println(times.substring(0, times.length() - 1));
    }
    if (!prepareMillis.isEmpty()) {
      StringBuilder times = new StringBuilder("  database prepared:");
      prepareMillis.forEach(
          (step, millis) -> times.append(String.format(" %s %.1f s,", step, millis / 1000.0)));
      out.println(times.substring(0, times.length() - 1));
    }
    if (stack.logs() != null) {
      stack.logs().forEach((tier, log) -> out.printf("  log %-7s %s%n", tier, log));
    }
  }
}
