package io.tunelab.core.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tunelab.core.PlanRoom;
import io.tunelab.core.experiment.Plan;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Measures a plan's room keeps as its own: what only that plan counts, in one field of each
 * repetition of run.json ({@link PlanMeasures#ownFields()}), read back here. The core reads and
 * renders them through {@link PlanMeasures} without knowing their type; the sources are found on
 * the class path (its room's {@link PlanRoom}), as the rooms' knobs and findings are. A reader
 * without the room (the core alone) keeps the fields it knows and drops the room's, as it drops any
 * field of a newer version.
 *
 * @param <T> the type of the field's value
 */
public interface MeasuresSource<T> {
  /** The plan whose repetitions carry these measures. */
  Plan plan();

  /** The repetition's field in run.json that holds them. */
  String field();

  /** The field's type, as run.json holds it. */
  Class<T> type();

  /**
   * The plan's measures from its field; {@code value} null when the repetition lacks the field (its
   * load failed before it counted anything).
   */
  PlanMeasures measures(T value);

  /** Every source on the class path, in a stable order (by plan). */
  static List<MeasuresSource<?>> onClassPath() {
    return Loaded.SOURCES;
  }

  /** The source of {@code plan}'s measures, if its room is on the class path. */
  static Optional<MeasuresSource<?>> of(Plan plan) {
    return Loaded.SOURCES.stream().filter(s -> s.plan() == plan).findFirst();
  }

  /**
   * The measures held by the first of {@code fields} (a repetition's fields no house field names)
   * that a source reads; empty when none does.
   */
  static Optional<PlanMeasures> read(Map<String, JsonNode> fields) {
    return Loaded.SOURCES.stream()
        .filter(s -> fields.containsKey(s.field()))
        .findFirst()
        .map(s -> Loaded.read(s, fields.get(s.field())));
  }

  /** Found once: a run.json holds many repetitions. */
  final class Loaded {
    // as lenient as the run files' own reader: a newer version's fields are skipped
    private static final ObjectMapper JSON =
        new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private static final List<MeasuresSource<?>> SOURCES =
        PlanRoom.parts(MeasuresSource.class).stream()
            .<MeasuresSource<?>>map(s -> s)
            .sorted(Comparator.comparing(MeasuresSource::plan))
            .toList();

    private Loaded() {}

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
}
