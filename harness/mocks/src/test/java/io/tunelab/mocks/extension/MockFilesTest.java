package io.tunelab.mocks.extension;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.stubbing.StubMapping;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The mappings and files under {@code mocks/} agree with each other and with the example requests
 * of {@code mocks/examples/}: every placeholder of a response finds its element in the example, the
 * filled response is well-formed XML, and is the answer {@code examples/<backend>/answers/} shows
 * where it shows one (the middleware's tests map those answers).
 */
class MockFilesTest {
  private static final Path MOCKS =
      Path.of(System.getProperty("tunelab.home", "../..")).resolve("mocks");

  static Stream<Path> mappings() throws IOException {
    List<Path> all = new ArrayList<>();
    for (String backend : List.of("siebel", "brm", "driver")) {
      try (Stream<Path> files = Files.list(MOCKS.resolve(backend).resolve("mappings"))) {
        all.addAll(files.sorted().toList());
      }
    }
    return all.stream();
  }

  @ParameterizedTest
  @MethodSource("mappings")
  void everyMappingIsCheapToMatchAndFullyDescribed(Path file) throws IOException {
    StubMapping mapping = StubMapping.buildFrom(Files.readString(file));
    TunelabStub stub = TunelabStub.of(mapping);

    assertThat(mapping.getName()).isEqualTo(file.getFileName().toString().replace(".json", ""));
    assertThat(mapping.getRequest().getUrlPath()).isNotBlank();
    assertThat(mapping.getRequest().getHeaders()).containsOnlyKeys("SOAPAction");
    assertThat(mapping.getRequest().getBodyPatterns()).as("no body matching: too slow").isNull();
    assertThat(mapping.getResponse().getTransformers())
        .containsExactly(SoapResponseTransformer.NAME);
    assertThat(stub.backend()).isNotEqualTo("back-end");
    assertThat(stub.keyElement()).isNotBlank();
    assertThat(stub.faultError()).isNotBlank();
  }

  @ParameterizedTest
  @MethodSource("mappings")
  void everyResponseEchoesItsExampleRequest(Path file) throws Exception {
    StubMapping mapping = StubMapping.buildFrom(Files.readString(file));
    Path backend = file.getParent().getParent();
    ResponseTemplate template =
        ResponseTemplate.compile(
            Files.readString(
                backend.resolve("__files").resolve(mapping.getResponse().getBodyFileName())));
    RequestValues example =
        new RequestValues(
            Files.readString(
                MOCKS
                    .resolve("examples")
                    .resolve(backend.getFileName())
                    .resolve(mapping.getName() + ".xml")));

    for (String placeholder : template.placeholders()) {
      String element = placeholder.replaceAll("^\\$\\{(id:|count:)?|}$", "");
      assertThat(example.count(element)).as(placeholder + " in the example request").isPositive();
    }
    assertThat(example.text(TunelabStub.of(mapping).keyElement())).isNotBlank();
    String rendered = template.render(example);
    assertThat(rendered).doesNotContain("${");
    parse(rendered);
    Path answer = MOCKS.resolve("examples").resolve(backend.getFileName()).resolve("answers");
    Path shown = answer.resolve(mapping.getName() + ".xml");
    if (Files.exists(shown) && !Files.readString(shown).equals(rendered)) {
      Path fresh = Path.of("target/mock-answers").resolve(mapping.getName() + ".xml");
      Files.createDirectories(fresh.getParent());
      Files.writeString(fresh, rendered);
      throw new AssertionError(
          shown
              + " is not what the mock answers to its example: if the change is meant, cp "
              + fresh.toAbsolutePath()
              + " "
              + shown.toAbsolutePath());
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 200})
  void billingCareAnswersHoldTheLinesTheServerIsToldToSend(int lines) throws Exception {
    RepeatCounts counts = new RepeatCounts();
    counts.set(Map.of("invoices", lines, "usageLines", lines));
    for (String operation : List.of("GetInvoiceList", "GetServiceUsage")) {
      ResponseTemplate template =
          ResponseTemplate.compile(
              Files.readString(MOCKS.resolve("brm/__files/" + operation + "-response.xml")));
      RequestValues example =
          new RequestValues(Files.readString(MOCKS.resolve("examples/brm/" + operation + ".xml")));

      NodeList results =
          parse(template.render(example, counts))
              .getElementsByTagNameNS(
                  "http://xmlns.oracle.com/BRM/schemas/BusinessOpcodes", "RESULTS");

      assertThat(results.getLength()).as(operation).isEqualTo(lines);
      java.util.Set<String> pois = new java.util.HashSet<>();
      for (int i = 0; i < lines; i++) {
        Element line = (Element) results.item(i);
        assertThat(line.getAttribute("elem")).isEqualTo(Integer.toString(i));
        pois.add(line.getElementsByTagNameNS("*", "POID").item(0).getTextContent());
      }
      assertThat(pois).as("every line its own POID").hasSize(lines);
    }
  }

  private static Document parse(String xml) throws Exception {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setNamespaceAware(true);
    return factory
        .newDocumentBuilder()
        .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
  }
}
