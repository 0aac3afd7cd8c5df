package io.tunelab.core.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tunelab.core.results.ErrorKinds;
import io.tunelab.core.results.Operations;
import io.tunelab.core.results.StepResult;
import java.util.OptionalDouble;

/**
 * A step's per-operation and per-error tables for the report, the same figures as summary.md's
 * ({@link io.tunelab.core.results.OperationsMarkdown}).
 */
final class OperationsModel {
  private static final ObjectMapper JSON = new ObjectMapper();

  private OperationsModel() {}

  /** The step's operations over its counted repetitions: one object per operation. */
  static ArrayNode operations(StepResult step) {
    ArrayNode rows = JSON.createArrayNode();
    Operations.ofStep(StepResult.counted(step.repetitions()))
        .values()
        .forEach(
            op -> {
              ObjectNode row = rows.addObject();
              row.put("operation", op.name());
              row.put("attempts", op.requests());
              row.put("errors", op.errors());
              put(row, "errorPercent", op.errorPercent());
              row.put("perMinute", op.perMinute());
              put(row, "mean", op.mean());
              for (int q : new int[] {50, 90, 95, 99}) {
                put(row, "p" + q, op.percentile(q));
              }
              put(row, "max", op.max());
            });
    return rows;
  }

  /** The step's failures over every repetition: operation, error, count. */
  static ArrayNode errors(StepResult step) {
    ArrayNode rows = JSON.createArrayNode();
    ErrorKinds.ofStep(step.repetitions())
        .forEach(
            (op, errors) ->
                errors.forEach(
                    (error, count) ->
                        rows.addObject()
                            .put("operation", op)
                            .put("error", error)
                            .put("count", count)));
    return rows;
  }

  private static void put(ObjectNode row, String name, OptionalDouble value) {
    if (value.isPresent()) {
      row.put(name, value.getAsDouble());
    }
  }
}
