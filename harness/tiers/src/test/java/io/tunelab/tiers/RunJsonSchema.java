package io.tunelab.tiers;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Set;

/**
 * run.json's published JSON Schema ({@code docs/run.schema.json}), for the tests that run an
 * experiment to check what it wrote: every field named, every type right.
 */
public final class RunJsonSchema {
  private static final ObjectMapper JSON = new ObjectMapper();

  private RunJsonSchema() {}

  /** Asserts that the run.json at {@code file} validates against the schema, naming each error. */
  public static void assertValid(Path file) throws IOException {
    Path home = Path.of(System.getProperty("tunelab.home"));
    JsonSchema schema =
        JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
            .getSchema(JSON.readTree(home.resolve("docs/run.schema.json").toFile()));
    JsonNode run = JSON.readTree(file.toFile());
    Set<ValidationMessage> errors = schema.validate(run);
    assertThat(errors).as(file + " against docs/run.schema.json").isEmpty();
    assertThat(run.path("$schema").asText()).isEqualTo(schema.getSchemaNode().path("$id").asText());
  }
}
