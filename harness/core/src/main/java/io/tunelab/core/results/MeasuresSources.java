package io.tunelab.core.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tunelab.core.PlanRoom;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The {@link MeasuresSource}s on the class path, found once: a run.json holds many repetitions. */
final class MeasuresSources {
  // as lenient as the run files' own reader: a newer version's fields are skipped
  private static final ObjectMapper JSON =
      new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  static final List<MeasuresSource<?>> ALL =
      PlanRoom.parts(MeasuresSource.class).stream()
          .<MeasuresSource<?>>map(s -> s)
          .sorted(Comparator.comparing(MeasuresSource::plan))
          .toList();

  private MeasuresSources() {}

  /**
   * The measures held by the first of {@code fields} (a repetition's fields no house field names)
   * that a source reads; empty when none does.
   */
  static Optional<PlanMeasures> read(Map<String, JsonNode> fields) {
    return ALL.stream()
        .filter(s -> fields.containsKey(s.field()))
        .findFirst()
        .map(s -> read(s, fields.get(s.field())));
  }

  private static <T> PlanMeasures read(MeasuresSource<T> source, JsonNode value) {
    try {
      return source.measures(JSON.treeToValue(value, source.type()));
    } catch (JsonMappingException e) {
      StringBuilder at = new StringBuilder(source.field());
      e.getPath().forEach(ref -> at.append('.').append(ref.getFieldName()));
      throw new IllegalArgumentException(
          at + " of a " + source.plan().yamlName() + " repetition: " + e.getOriginalMessage(), e);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(
          source.field() + " of a " + source.plan().yamlName() + " repetition: " + e, e);
    }
  }
}
