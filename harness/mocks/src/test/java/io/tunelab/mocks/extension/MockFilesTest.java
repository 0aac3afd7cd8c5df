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
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The mappings and files under {@code mocks/} agree with each other and with the example requests
 * of {@code mocks/examples/}: every placeholder of a response finds its element in the example, and
 * the filled response is well-formed XML.
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
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setNamespaceAware(true);
    factory
        .newDocumentBuilder()
        .parse(new ByteArrayInputStream(rendered.getBytes(StandardCharsets.UTF_8)));
  }
}
