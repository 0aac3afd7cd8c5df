package io.tunelab.middleware.db;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.middleware.Stage;
import io.tunelab.middleware.flow.Activity;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class InstanceStateTest {
  @Test
  void aStageKeepsWhatEarlierStagesGatheredAndReplacesTheOrder() throws Exception {
    byte[] intake =
        InstanceState.serialize(
            7,
            Stage.INTAKE.key(),
            "<order v='1'/>",
            "",
            List.of(new Activity("receive", 1, "<siebel/>")));
    byte[] subscriptions =
        InstanceState.serialize(
            7,
            Stage.CREATE_SUBSCRIPTIONS.key(),
            "<order v='2'/>",
            InstanceState.afterOrder(new String(intake, StandardCharsets.UTF_8)),
            List.of(new Activity("invoke BRM AddSubscription", 2, "<answer/>")));

    List<String[]> variables = variables(subscriptions);

    assertThat(variables)
        .extracting(v -> v[0] + "=" + v[1])
        .containsExactly(
            "document=<order v='2'/>",
            "intake/receive=<siebel/>",
            "createSubscriptions/invoke BRM AddSubscription=<answer/>");
  }

  @Test
  void aPayloadHoldingACdataEndSurvivesTheRoundTrip() throws Exception {
    String tricky = "<a><![CDATA[x]]></a> and ]]></variable> too";
    byte[] first =
        InstanceState.serialize(
            1, Stage.INTAKE.key(), "<o>]]></o>", "", List.of(new Activity("receive", 1, tricky)));
    byte[] second =
        InstanceState.serialize(
            1,
            Stage.ORCHESTRATION.key(),
            "<o/>",
            InstanceState.afterOrder(new String(first, StandardCharsets.UTF_8)),
            List.of(new Activity("invoke \"Siebel\" <Q>", 2, null)));

    assertThat(variables(second))
        .extracting(v -> v[0] + "=" + v[1])
        .containsExactly(
            "document=<o/>", "intake/receive=" + tricky, "orchestration/invoke \"Siebel\" <Q>=");
  }

  private static List<String[]> variables(byte[] state) throws Exception {
    Document document =
        DocumentBuilderFactory.newInstance()
            .newDocumentBuilder()
            .parse(new ByteArrayInputStream(state));
    NodeList nodes = document.getElementsByTagName("variable");
    List<String[]> variables = new ArrayList<>();
    for (int i = 0; i < nodes.getLength(); i++) {
      Element variable = (Element) nodes.item(i);
      variables.add(new String[] {variable.getAttribute("name"), variable.getTextContent()});
    }
    return variables;
  }
}
