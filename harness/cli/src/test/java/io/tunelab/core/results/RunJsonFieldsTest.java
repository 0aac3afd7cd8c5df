package io.tunelab.core.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * run.json's published JSON Schema, {@code docs/run.schema.json}, held to the code both ways: every
 * field that run.json can have, found by walking the types Jackson writes it from, is named in the
 * schema's definition of its type, and the schema names nothing else; every object of the schema is
 * closed, so a field added to a record fails here until the schema names it. Held here, where every
 * plan's room is on the class path: a room's own measures ({@link MeasuresSource}) are fields of a
 * repetition too.
 */
class RunJsonFieldsTest {
  private static final Path HOME = Path.of(System.getProperty("tunelab.home"));
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void everyFieldRunJsonCanHaveIsInTheSchemaAndTheSchemaNamesNoOther() throws IOException {
    JsonNode schema = JSON.readTree(HOME.resolve("docs/run.schema.json").toFile());
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
        if (p.couldSerialize() && p.getAccessor().hasAnnotation(JsonAnyGetter.class)) {
          // the fields the plans' rooms add, each of its own type
          for (MeasuresSource<?> source : MeasuresSource.onClassPath()) {
            written.add(source.field());
            nested(JSON.constructType(source.type()), todo);
          }
        } else if (p.couldSerialize()) {
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
}
