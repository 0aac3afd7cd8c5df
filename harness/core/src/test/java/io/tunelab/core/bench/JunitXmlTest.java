package io.tunelab.core.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.results.RunResult;
import io.tunelab.core.results.RunStatus;
import java.io.StringReader;
import java.util.List;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.SchemaFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

class JunitXmlTest {
  private static final RunResult BASE =
      GateTest.run("a", GateTest.step("baseline", 400, 900, 910, 890, 905, 895));
  private static final RunResult SLOW =
      GateTest.run("b", GateTest.step("baseline", 1200, 300, 305, 298, 302, 296));

  private static BenchResult result() {
    List<Check> checks =
        Gate.evaluate(
            List.of(
                new GateCase(
                    "quickstart",
                    SLOW,
                    BASE,
                    GateTest.thresholds(
                        "*", "throughput >= 95% of baseline", "errors < 1%", "cpuPerUnit < 20 ms")),
                new GateCase(
                    "soap & co", BASE, BASE, GateTest.thresholds("*", "p99 <= 110% of baseline"))));
    return new BenchResult(
        "nightly",
        "benchmarks/nightly.yaml",
        "2026-11-24T06:00:00.123Z",
        "2026-11-24T06:12:00Z",
        List.of(
            new BenchRun(
                "quickstart", "20261124-060000-quickstart", RunStatus.COMPLETE, true, 125.5),
            new BenchRun("soap & co", "20261124-060300-soap", RunStatus.COMPLETE, false, 61)),
        List.of(),
        checks);
  }

  @Test
  void validatesAgainstTheAntJunitSchema() throws Exception {
    String xml = JunitXml.of(result());

    var schema =
        SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI)
            .newSchema(getClass().getResource("/junit-ant.xsd"));
    schema.newValidator().validate(new StreamSource(new StringReader(xml)));
  }

  @Test
  void aSuitePerExperimentACasePerCheckAndTheRunsValidityAsACase() throws Exception {
    Document doc = parse(JunitXml.of(result()));

    Element root = doc.getDocumentElement();
    assertThat(root.getAttribute("name")).isEqualTo("tunelab bench nightly");
    // 2 experiments: 1 validity case each, 3 + 1 checks
    assertThat(root.getAttribute("tests")).isEqualTo("6");
    // throughput regression + the invalid soap run
    assertThat(root.getAttribute("failures")).isEqualTo("2");
    // cpuPerUnit without the observer
    assertThat(root.getAttribute("errors")).isEqualTo("1");
    NodeList suites = doc.getElementsByTagName("testsuite");
    assertThat(suites.getLength()).isEqualTo(2);
    Element quickstart = (Element) suites.item(0);
    assertThat(quickstart.getAttribute("name")).isEqualTo("nightly.quickstart");
    assertThat(quickstart.getAttribute("time")).isEqualTo("125.500");
    assertThat(quickstart.getAttribute("timestamp")).isEqualTo("2026-11-24T06:00:00");
    Element regression = (Element) quickstart.getElementsByTagName("testcase").item(1);
    assertThat(regression.getAttribute("name"))
        .isEqualTo("baseline: throughput >= 95% of baseline");
    Element failure = (Element) regression.getElementsByTagName("failure").item(0);
    assertThat(failure.getAttribute("type")).isEqualTo("regression");
    assertThat(failure.getAttribute("message"))
        .startsWith("throughput 300.2 vs the baseline's 900.0 orders/min: 0.334x");
    assertThat(failure.getTextContent()).contains("value: 300.2").contains("baseline: 900.0");
    Element soap = (Element) suites.item(1);
    assertThat(soap.getAttribute("name")).isEqualTo("nightly.soap & co");
    Element validity = (Element) soap.getElementsByTagName("testcase").item(0);
    assertThat(validity.getAttribute("name")).isEqualTo("the run is complete and valid");
    assertThat(validity.getElementsByTagName("failure").item(0).getTextContent())
        .startsWith("the run is invalid");
  }

  private static Document parse(String xml) throws Exception {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    return factory.newDocumentBuilder().parse(new InputSource(new StringReader(xml)));
  }
}
