package io.tunelab.middleware.db;

import io.tunelab.middleware.Stage;
import io.tunelab.middleware.config.MiddlewareSettings.StateCompression;
import io.tunelab.middleware.flow.Activity;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * An instance's dehydrated state ({@code instance_state}), as a process engine keeps its scope: at
 * every dehydration point the instance's variables are serialized whole and written over the last
 * state. The variables are the document (the order as it leaves the stage) and the payload of every
 * activity so far (the messages it got, what it transformed, the back-end answers it gathered): a
 * stage rehydrates the variables its predecessors gathered, adds its own and writes them all back.
 * So the state, and its cost, grows with the order and along the flow: a 40-line order carries 40
 * subscription answers from create-subscriptions on.
 */
public final class InstanceState {
  private static final String CDATA_END = "]]>";
  private static final String VARIABLE_END = "]]></variable>";
  private static final String INSTANCE_END = "</instance>";

  private final StateCompression compression;

  public InstanceState(StateCompression compression) {
    this.compression = compression;
  }

  /**
   * Writes the state of {@code instanceId} as {@code stage} leaves it: the variables gathered
   * before, as the last dehydration wrote them, and this stage's. The caller has made sure the
   * stage before committed (see {@code Instances.update}), so its state is the one read here.
   */
  public void write(
      Connection connection, long instanceId, Stage stage, String order, List<Activity> activities)
      throws SQLException {
    String gathered = stage == Stage.INTAKE ? "" : gathered(connection, instanceId);
    write(
        connection,
        instanceId,
        stage.key(),
        serialize(instanceId, stage.key(), order, gathered, activities));
  }

  /**
   * Writes the state of a one-shot instance (a synchronous request): its activities' payloads, with
   * no document travelling between stages and nothing before them to rehydrate.
   */
  public void writeOnce(
      Connection connection, long instanceId, String stage, List<Activity> activities)
      throws SQLException {
    write(connection, instanceId, stage, serialize(instanceId, stage, null, "", activities));
  }

  private void write(Connection connection, long instanceId, String stage, byte[] serialized)
      throws SQLException {
    byte[] stored = compression == StateCompression.GZIP ? gzip(serialized) : serialized;
    try (PreparedStatement upsert =
        connection.prepareStatement(
            "INSERT INTO instance_state (instance_id, stage, encoding, state, state_bytes)"
                + " VALUES (?, ?, ?, ?, ?) ON CONFLICT (instance_id) DO UPDATE SET"
                + " stage = excluded.stage, encoding = excluded.encoding,"
                + " state = excluded.state, state_bytes = excluded.state_bytes,"
                + " modified_at = now()")) {
      upsert.setLong(1, instanceId);
      upsert.setString(2, stage);
      upsert.setString(3, compression == StateCompression.GZIP ? "gzip" : "xml");
      upsert.setBytes(4, stored);
      upsert.setInt(5, serialized.length);
      upsert.executeUpdate();
    }
  }

  /**
   * The serialized variables after the document in the last state written, or "" when there is
   * none. The document (the order) is always the first variable and is replaced by the one the
   * stage leaves with.
   */
  private static String gathered(Connection connection, long instanceId) throws SQLException {
    try (PreparedStatement select =
        connection.prepareStatement(
            "SELECT encoding, state FROM instance_state WHERE instance_id = ?")) {
      select.setLong(1, instanceId);
      try (ResultSet row = select.executeQuery()) {
        if (!row.next()) {
          return "";
        }
        byte[] stored = row.getBytes(2);
        return afterOrder(
            new String(
                "gzip".equals(row.getString(1)) ? gunzip(stored) : stored, StandardCharsets.UTF_8));
      }
    }
  }

  /** The variables of a serialized state that follow its document. */
  static String afterOrder(String state) {
    // the first CDATA end followed by a variable's end closes the document: inside a value every
    // "]]>" is split into two sections, so it is never followed by "</variable>"
    int from = state.indexOf(VARIABLE_END) + VARIABLE_END.length();
    return state.substring(from, state.length() - INSTANCE_END.length());
  }

  static byte[] serialize(
      long instanceId, String stage, String document, String gathered, List<Activity> activities) {
    StringBuilder xml = new StringBuilder(gathered.length() + 4096);
    xml.append("<instance id=\"")
        .append(instanceId)
        .append("\" stage=\"")
        .append(stage)
        .append("\">");
    if (document != null) {
      variable(xml, "document", document);
    }
    xml.append(gathered);
    for (Activity activity : activities) {
      variable(xml, stage + "/" + activity.name(), activity.payload());
    }
    return xml.append(INSTANCE_END).toString().getBytes(StandardCharsets.UTF_8);
  }

  private static void variable(StringBuilder xml, String name, String value) {
    xml.append("<variable name=\"")
        .append(name.replace("&", "&amp;").replace("\"", "&quot;").replace("<", "&lt;"))
        .append("\"><![CDATA[")
        // a CDATA section cannot hold its own end: split it there, as XML serializers do
        .append(value == null ? "" : value.replace(CDATA_END, "]]]]><![CDATA[>"))
        .append("]]></variable>");
  }

  private static byte[] gunzip(byte[] bytes) {
    try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(bytes))) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static byte[] gzip(byte[] bytes) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length / 4 + 64);
    try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
      gzip.write(bytes);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }
}
