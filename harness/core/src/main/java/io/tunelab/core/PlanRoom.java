package io.tunelab.core;

import java.util.List;
import java.util.ServiceLoader;

/**
 * A plan's room as the core finds it: the one class a room names in {@code
 * META-INF/services/io.tunelab.core.PlanRoom}, listing what the room gives the house beside its
 * steps: the knobs only its plan reads ({@code core.knobs.KnobSource}), the findings only it raises
 * ({@code core.findings.FindingSource}) and the measures only it counts ({@code
 * core.results.MeasuresSource}). Each reader asks for its kind of part ({@link #parts(Class)}), so
 * a room is registered once however many parts it has, and this type names none of the packages
 * that read them.
 */
public interface PlanRoom {
  /** The room's parts, each of one of the kinds above. */
  List<Object> parts();

  /** Every room on the class path. */
  static List<PlanRoom> onClassPath() {
    return ServiceLoader.load(PlanRoom.class, PlanRoom.class.getClassLoader()).stream()
        .map(ServiceLoader.Provider::get)
        .toList();
  }

  /** The parts of {@code kind} of every room on the class path. */
  static <T> List<T> parts(Class<T> kind) {
    return onClassPath().stream()
        .flatMap(room -> room.parts().stream())
        .filter(kind::isInstance)
        .map(kind::cast)
        .toList();
  }
}
