package io.tunelab.core.experiment;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.tunelab.core.BadInputException;
import java.util.Collection;
import java.util.Iterator;
import java.util.Map;

/**
 * A place in an experiment file ({@code experiments/x.yaml: steps[1].knobs}), for messages that
 * name the file, the path and what is allowed there.
 */
public record Where(String file, String path) {
  private static final ObjectMapper YAML =
      new ObjectMapper(new YAMLFactory()).enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

  /**
   * The root of a YAML document read strictly (a key given twice is an error).
   *
   * @param whenEmpty what the file needs, said when it is empty
   * @throws BadInputException when the text is not YAML, is empty or holds a second document
   */
  public JsonNode yaml(String text, String whenEmpty) {
    JsonNode root;
    try (JsonParser parser = YAML.createParser(text)) {
      root = YAML.readTree(parser);
      if (root != null && parser.nextToken() != null) {
        // a second document ('---') would otherwise be dropped without a word
        throw bad(
            "holds a second YAML document (from line "
                + parser.currentLocation().getLineNr()
                + "), which tunelab would ignore: keep one document per file, and put the other"
                + " in a file of its own");
      }
    } catch (JsonProcessingException e) {
      throw bad("not valid YAML: " + e.getOriginalMessage(), e);
    } catch (java.io.IOException e) {
      throw bad("cannot read the YAML: " + e.getMessage(), e);
    }
    if (root == null || root.isMissingNode() || root.isNull()) {
      throw bad("the file is empty: " + whenEmpty);
    }
    return root;
  }

  public Where child(String name) {
    return new Where(file, path.isEmpty() ? name : path + "." + name);
  }

  public Where index(int i) {
    return new Where(file, path + "[" + i + "]");
  }

  public BadInputException bad(String problem) {
    return new BadInputException(file + ": " + (path.isEmpty() ? "" : path + ": ") + problem);
  }

  public BadInputException bad(String problem, Throwable cause) {
    return new BadInputException(
        file + ": " + (path.isEmpty() ? "" : path + ": ") + problem, cause);
  }

  /** The node as an object whose field names are all in {@code allowed}. */
  public JsonNode object(JsonNode node, Collection<String> allowed) {
    if (node == null || !node.isObject()) {
      throw bad("must be a mapping (name: value lines), was " + kind(node));
    }
    for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
      String name = names.next();
      if (!allowed.contains(name)) {
        throw child(name).bad("unknown field; allowed here: " + String.join(", ", allowed));
      }
    }
    return node;
  }

  /** A scalar (text, number or boolean) as text. */
  public String scalar(JsonNode node) {
    if (node == null || !node.isValueNode() || node.isNull()) {
      throw bad("must be a single value (text, number, on/off), was " + kind(node));
    }
    return node.asText();
  }

  public String text(JsonNode node) {
    if (node == null || !node.isTextual()) {
      throw bad("must be text, was " + kind(node));
    }
    return node.asText();
  }

  public int integer(JsonNode node, int min, int max) {
    if (node == null || !node.isIntegralNumber() || !node.canConvertToInt()) {
      throw bad("must be an integer " + min + ".." + max + ", was " + kind(node));
    }
    int value = node.asInt();
    if (value < min || value > max) {
      throw bad("must be an integer " + min + ".." + max + ", was " + value);
    }
    return value;
  }

  public static String kind(JsonNode node) {
    if (node == null || node.isMissingNode() || node.isNull()) {
      return "empty";
    }
    if (node.isObject()) {
      return "a mapping";
    }
    if (node.isArray()) {
      return "a list";
    }
    return (node.isTextual() ? "the text '" : "'") + node.asText() + "'";
  }

  static <V> String names(Map<String, V> map) {
    return String.join(", ", map.keySet());
  }
}
