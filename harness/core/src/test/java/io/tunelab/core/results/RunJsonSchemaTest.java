package io.tunelab.core.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * run.json's published JSON Schema, {@code docs/run.schema.json}, held to the code both ways: every
 * field that run.json can have, found by walking the types Jackson writes it from, is named in the
 * schema's definition of its type, and the schema names nothing else; every object of the schema is
 * closed, so a field added to a record fails here until the schema names it. Files tunelab writes
 * validate against it, and every run.json says which schema it follows ({@code $schema}).
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

  /** What is wrong with {@code json} as a run.json; empty when it validates. */
  static Set<ValidationMessage> errors(JsonNode json) throws IOException {
    return schema().validate(json);
  }

  @Test
  void everyFieldRunJsonCanHaveIsInTheSchemaAndTheSchemaNamesNoOther() throws IOException {
    JsonNode schema = schemaNode();
    List<String> wrong = new ArrayList<>();
    Deque<JavaType> todo = new ArrayDeque<>(List.of(JSON.constructType(RunResult.class)));
    Set<Class<?>> seen = new HashSet<>();
    while (!todo.isEmpty()) {
      JavaType type = todo.pop();
      if (!seen.add(type.getRawClass())) {
        continue;
      }
      String name = type.getRawClass().getSimpleName();
      JsonNode def = type.getRawClass() == RunResult.class ? schema : schema.at("/$defs/" + name);
      if (def.isMissingNode()) {
        wrong.add(name + " is written into run.json, but the schema has no $defs/" + name);
        continue;
      }
      Set<String> written = new TreeSet<>();
      BeanDescription bean = JSON.getSerializationConfig().introspect(type);
      for (BeanPropertyDefinition p : bean.findProperties()) {
        if (p.couldSerialize()) {
          written.add(p.getName());
          nested(p.getPrimaryType(), todo);
        }
      }
      Set<String> named = new TreeSet<>();
      def.path("properties").fieldNames().forEachRemaining(named::add);
      for (String field : written) {
        if (!named.contains(field)) {
          wrong.add(
              name
                  + "."
                  + field
                  + " is written into run.json but the schema does not name it"
                  + " (add it to "
                  + (def == schema ? "the root" : "$defs/" + name)
                  + " in docs/run.schema.json)");
        }
      }
      for (String field : named) {
        if (!written.contains(field)) {
          wrong.add(name + "." + field + " is in the schema but run.json never has it");
        }
      }
      if (!def.path("additionalProperties").isBoolean()
          || def.path("additionalProperties").asBoolean()) {
        wrong.add(name + " is not closed: set additionalProperties to false");
      }
    }
    assertThat(wrong).isEmpty();
  }

  /** The tunelab types a property's value is made of: itself, a list's items, a map's values. */
  private static void nested(JavaType type, Deque<JavaType> todo) {
    if (type.isContainerType()) {
      nested(type.getContentType(), todo);
    } else if (type.getRawClass().getName().startsWith("io.tunelab.") && !type.isEnumType()) {
      todo.push(type);
    }
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
    Path runDir = io.tunelab.core.report.RunFolderFixtureAccess.write(dir);
    com.fasterxml.jackson.databind.node.ObjectNode run =
        (com.fasterxml.jackson.databind.node.ObjectNode)
            JSON.readTree(runDir.resolve(RunFiles.RUN_JSON).toFile());
    ((com.fasterxml.jackson.databind.node.ObjectNode) run.at("/steps/0/repetitions/0"))
        .put("newField", 1);

    assertThat(errors(run))
        .extracting(ValidationMessage::getMessage)
        .anyMatch(m -> m.contains("newField"));
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
