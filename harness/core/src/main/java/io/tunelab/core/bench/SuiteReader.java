package io.tunelab.core.bench;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunelab.core.BadInputException;
import io.tunelab.core.experiment.ExperimentReader;
import io.tunelab.core.experiment.Where;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.regex.Pattern;

/**
 * Reads a benchmark suite strictly, as experiments are read: an unknown field, a value of the wrong
 * type or a bad threshold stops it with the file, the path in it and what is allowed.
 *
 * <pre>
 * name: nightly                       # optional, else the file name
 * description: ...                    # optional
 * baselineNights: 3                   # optional: nights a machine's baseline records first
 * experiments:
 *   - file: ../experiments/quickstart.yaml   # relative to this file's folder
 *     repeat: 5                       # optional, over the experiment's repeat
 *     set: {workload.orders: 200}     # optional, knobs over every step (as --set)
 *     thresholds:                     # a list for every step, or per step name ("*" = every step)
 *       "*": [throughput >= 95% of baseline, errors < 1%]
 *       tuned: [p99 < 2000 ms]
 * </pre>
 */
public final class SuiteReader {
  static final List<String> FIELDS =
      List.of("name", "description", "baselineNights", "experiments");
  static final List<String> ENTRY_FIELDS = List.of("file", "repeat", "set", "thresholds");
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

  private SuiteReader() {}

  /**
   * @throws BadInputException naming the file, the path and the fix
   */
  public static Suite read(Path file) {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw new BadInputException(
          "no benchmark suite " + file + ": give a YAML file such as benchmarks/nightly.yaml");
    } catch (IOException e) {
      throw new BadInputException("cannot read the benchmark suite " + file + ": " + e, e);
    }
    Path folder = file.toAbsolutePath().getParent();
    String name = file.getFileName().toString().replaceFirst("\\.ya?ml$", "");
    return parse(file.toString(), name, text, folder);
  }

  /** Reads suite YAML text; {@code file} names it in messages, {@code folder} resolves paths. */
  public static Suite parse(String file, String defaultName, String text, Path folder) {
    Where top = new Where(file, "");
    JsonNode root = top.yaml(text, "it needs experiments:, a list of file: and thresholds:");
    top.object(root, FIELDS);
    String name = root.has("name") ? top.child("name").text(root.get("name")) : defaultName;
    if (!NAME.matcher(name).matches()) {
      throw top.child("name")
          .bad("'" + name + "' cannot name a folder: use letters, digits, '.', '_' and '-'");
    }
    String description =
        root.has("description") ? top.child("description").text(root.get("description")) : "";
    int nights =
        root.has("baselineNights")
            ? top.child("baselineNights")
                .integer(root.get("baselineNights"), 1, Suite.MAX_BASELINE_NIGHTS)
            : Suite.DEFAULT_BASELINE_NIGHTS;
    Where list = top.child("experiments");
    JsonNode entries = root.get("experiments");
    if (entries == null || !entries.isArray() || entries.isEmpty()) {
      throw list.bad("must be a list of one or more experiments, was " + Where.kind(entries));
    }
    List<Suite.Entry> experiments = new ArrayList<>();
    for (int i = 0; i < entries.size(); i++) {
      experiments.add(entry(entries.get(i), list.index(i), folder));
    }
    return new Suite(name, file, description, nights, experiments);
  }

  private static Suite.Entry entry(JsonNode node, Where where, Path folder) {
    where.object(node, ENTRY_FIELDS);
    if (!node.has("file")) {
      throw where.bad("needs file: the experiment's YAML, relative to the suite's folder");
    }
    Path experiment = folder.resolve(where.child("file").text(node.get("file"))).normalize();
    OptionalInt repeat =
        node.has("repeat")
            ? OptionalInt.of(
                where.child("repeat").integer(node.get("repeat"), 1, ExperimentReader.MAX_REPEAT))
            : OptionalInt.empty();
    Map<String, String> set = new LinkedHashMap<>();
    if (node.has("set")) {
      Where at = where.child("set");
      JsonNode knobs = node.get("set");
      if (!knobs.isObject()) {
        throw at.bad("must be a mapping of knob names to values, was " + Where.kind(knobs));
      }
      // the experiment reader checks the knobs and their values, as for --set
      for (Iterator<Map.Entry<String, JsonNode>> it = knobs.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> knob = it.next();
        set.put(knob.getKey(), at.child(knob.getKey()).scalar(knob.getValue()));
      }
    }
    if (!node.has("thresholds")) {
      throw where.bad(
          "needs thresholds: a list for every step, or step names to lists, e.g. thresholds:"
              + " [throughput >= 95% of baseline]");
    }
    return new Suite.Entry(
        experiment, set, repeat, thresholds(node.get("thresholds"), where.child("thresholds")));
  }

  private static List<StepThreshold> thresholds(JsonNode node, Where where) {
    List<StepThreshold> out = new ArrayList<>();
    if (node != null && node.isArray()) {
      out.addAll(list(StepThreshold.EVERY_STEP, node, where));
    } else if (node != null && node.isObject()) {
      for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> step = it.next();
        out.addAll(list(step.getKey(), step.getValue(), where.child(step.getKey())));
      }
    } else {
      throw where.bad(
          "must be a list of thresholds, or step names to lists, was " + Where.kind(node));
    }
    if (out.isEmpty()) {
      throw where.bad("names no threshold: give at least one, e.g. throughput >= 95% of baseline");
    }
    return out;
  }

  private static List<StepThreshold> list(String step, JsonNode node, Where where) {
    if (node == null || !node.isArray()) {
      throw where.bad("must be a list of thresholds, was " + Where.kind(node));
    }
    List<StepThreshold> out = new ArrayList<>();
    for (int i = 0; i < node.size(); i++) {
      Where at = where.index(i);
      String text = at.text(node.get(i));
      out.add(new StepThreshold(step, Threshold.parse(text, at.file() + ": " + at.path())));
    }
    return out;
  }
}
