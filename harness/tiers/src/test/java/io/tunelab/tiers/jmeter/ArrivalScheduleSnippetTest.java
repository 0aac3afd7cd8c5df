package io.tunelab.tiers.jmeter;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.experiment.Plan;
import io.tunelab.core.measure.ArrivalRate;
import io.tunelab.tiers.TunelabHome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The plans hold the arrival schedule inline (JMeter would resolve a script file against the
 * working directory, not the plan's folder): every copy must be the canonical one, and its
 * arithmetic the harness's.
 */
class ArrivalScheduleSnippetTest {
  private static final String TIMER_NAME = "arrival schedule";
  private static final Path PLANS = TunelabHome.locate().plans();

  @Test
  void everyPlansArrivalScheduleIsTheCanonicalSnippet() throws Exception {
    String canonical = Files.readString(PLANS.resolve("arrival-schedule.groovy")).strip();

    Map<String, List<String>> copies = copiesByPlan();

    assertThat(copies).containsKey(Plan.BATCH_ORDER.file());
    copies.forEach(
        (plan, scripts) ->
            assertThat(scripts)
                .as("%s: its '%s' timers, copies of arrival-schedule.groovy", plan, TIMER_NAME)
                .hasSize(1)
                .allSatisfy(script -> assertThat(script.strip()).isEqualTo(canonical)));
  }

  @Test
  void theSnippetsLeadIsTheHarnesss() throws IOException {
    String canonical = Files.readString(PLANS.resolve("arrival-schedule.groovy"));
    Matcher lead = Pattern.compile("final long LEAD_MILLIS = (\\d+)L").matcher(canonical);

    assertThat(lead.find()).isTrue();
    assertThat(Long.parseLong(lead.group(1))).isEqualTo(ArrivalRate.LEAD_MILLIS);
    assertThat(canonical).contains("vars.put('" + ArrivalRate.INTENDED_AT + "'");
  }

  @Test
  void aPlanWithTheScheduleReadsTheRateAsAProperty() throws Exception {
    for (String plan : copiesByPlan().keySet()) {
      assertThat(Files.readString(PLANS.resolve(plan)))
          .as(plan)
          .contains("${__P(arrivalsPerMinute,0)}");
    }
  }

  /** Each plan in jmeter-plans/ with an arrival schedule timer, and the timers' scripts. */
  private static Map<String, List<String>> copiesByPlan() throws Exception {
    Map<String, List<String>> copies = new LinkedHashMap<>();
    try (Stream<Path> files = Files.list(PLANS)) {
      for (Path plan : files.filter(f -> f.toString().endsWith(".jmx")).sorted().toList()) {
        List<String> scripts = timerScripts(plan);
        if (!scripts.isEmpty()) {
          copies.put(plan.getFileName().toString(), scripts);
        }
      }
    }
    return copies;
  }

  private static List<String> timerScripts(Path plan) throws Exception {
    NodeList timers =
        DocumentBuilderFactory.newInstance()
            .newDocumentBuilder()
            .parse(plan.toFile())
            .getElementsByTagName("JSR223Timer");
    List<String> scripts = new ArrayList<>();
    for (int i = 0; i < timers.getLength(); i++) {
      Element timer = (Element) timers.item(i);
      if (TIMER_NAME.equals(timer.getAttribute("testname"))) {
        scripts.add(property(timer, "script"));
      }
    }
    return scripts;
  }

  private static String property(Element element, String name) {
    NodeList properties = element.getElementsByTagName("stringProp");
    for (int i = 0; i < properties.getLength(); i++) {
      Element property = (Element) properties.item(i);
      if (name.equals(property.getAttribute("name"))) {
        return property.getTextContent();
      }
    }
    return "";
  }
}
