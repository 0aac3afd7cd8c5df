package io.tunelab.core.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * run.json's published JSON Schema, {@code docs/run.schema.json}: files tunelab writes validate
 * against it, and every run.json says which schema it follows ({@code $schema}). That it names
 * every field run.json can have, and no other, is held where every plan's room is on the class path
 * (the command line's {@code RunJsonFieldsTest}).
 */
class RunJsonSchemaTest {
  private static final Path HOME = Path.of(System.getProperty("tunelab.home"));
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  static JsonNode schemaNode() throws IOException {
    return JSON.readTree(HOME.resolve("docs/run.schema.json").toFile());
  }

  /** The schema, ready to validate. */
  static JsonSchema schema() throws IOException {
    return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(schemaNode());
  }

  /** The run.json of a run folder tunelab wrote, to change before validating it. */
  private ObjectNode fixtureRun() throws IOException {
    Path runDir = io.tunelab.core.report.RunFolderFixtureAccess.write(dir);
    return (ObjectNode) JSON.readTree(runDir.resolve(RunFiles.RUN_JSON).toFile());
  }

  /** What is wrong with {@code json} as a run.json; empty when it validates. */
  static Set<ValidationMessage> errors(JsonNode json) throws IOException {
    return schema().validate(json);
  }

  /**
   * The schema takes a finding kind by its shape, not by a list: a new finding is its rule, its
   * {@code FindingKind} and docs/findings.md (which FindingReferenceTest holds to the rules), and
   * every kind the code has still validates.
   */
  @Test
  void theSchemaTakesEveryFindingKindByItsShapeAndNothingShapedOtherwise() throws IOException {
    java.util.regex.Pattern shape =
        java.util.regex.Pattern.compile(
            schemaNode().at("/$defs/Finding/properties/kind/pattern").asText());
    List<String> kinds = new ArrayList<>();
    for (io.tunelab.core.findings.FindingKind kind :
        io.tunelab.core.findings.FindingKind.values()) {
      kinds.add(kind.name());
    }
    assertThat(kinds).allMatch(kind -> shape.matcher(kind).find());
    assertThat(List.of("cpu_saturated", "CPU-SATURATED", "", "CPU SATURATED"))
        .noneMatch(kind -> shape.matcher(kind).find());
  }

  @Test
  void everyRunJsonSaysItsSchemaAndARunWrittenByTunelabValidates() throws IOException {
    Path runDir = io.tunelab.core.report.RunFolderFixtureAccess.write(dir);

    JsonNode run = JSON.readTree(runDir.resolve(RunFiles.RUN_JSON).toFile());

    assertThat(run.path("$schema").asText())
        .isEqualTo(RunResult.SCHEMA_ID)
        .isEqualTo(schemaNode().path("$id").asText());
    assertThat(run.fieldNames().next()).isEqualTo("$schema");
    assertThat(errors(run)).isEmpty();
    assertThat(RunFiles.read(runDir).runId())
        .as("and it reads back")
        .isEqualTo(run.path("runId").asText());
  }

  @Test
  void aFieldTheSchemaDoesNotNameFailsValidation() throws IOException {
    ObjectNode run = fixtureRun();
    ((ObjectNode) run.at("/steps/0/repetitions/0")).put("newField", 1);

    assertThat(errors(run))
        .extracting(ValidationMessage::getMessage)
        .anyMatch(m -> m.contains("newField"));
  }

  /**
   * A warm-up round whose CPU could not be read, or that answered nothing, has no cost per unit:
   * its entry is null, as the record documents (a verify's sort run wrote one the schema refused).
   */
  @Test
  void aWarmupRoundWithoutItsCostValidates() throws IOException {
    ObjectNode run = fixtureRun();
    SteadyStateReport rounds =
        new SteadyStateReport(
            true,
            "steady when ...",
            List.of(0.0, 3050.8, 5373.1),
            java.util.Arrays.asList(null, 19.7, 11.2),
            java.util.Arrays.asList(null, 0.0, 0.0),
            0,
            4211.9,
            21.9,
            31.0,
            -31.0,
            null,
            "WARMUP",
            180,
            35_099,
            "steady",
            java.util.Map.of("middleware", java.util.Arrays.asList(null, 19.7, 11.2)),
            null);
    ((ObjectNode) run.at("/steps/0/repetitions/0/warmup"))
        .set("steadyState", JSON.valueToTree(rounds));

    assertThat(
            run.at("/steps/0/repetitions/0/warmup/steadyState/batchCpuMillisPerOrder/0").isNull())
        .isTrue();
    assertThat(errors(run)).isEmpty();
  }

  @Test
  void everyCommittedBaselineRunValidates() throws IOException {
    Path root = HOME.resolve("results/baselines");
    List<Path> files = new ArrayList<>();
    if (Files.isDirectory(root)) {
      try (Stream<Path> all = Files.walk(root)) {
        all.filter(p -> p.toString().endsWith(".json")).forEach(files::add);
      }
    }
    for (Path file : files) {
      for (Iterator<JsonNode> it = JSON.readTree(file.toFile()).path("nights").elements();
          it.hasNext(); ) {
        assertThat(errors(it.next().path("run"))).as(file.toString()).isEmpty();
      }
    }
  }
}
