package io.tunelab.run.plans.soap;

import io.tunelab.core.results.OutputFiles;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.zip.CRC32;

/**
 * The customers CSV of the concurrent-SOAP plans, written from the database's seeded cross
 * references (the very rows the middleware looks up): per customer its CRM party id, its BRM
 * account POID, and the number the BRM mock derives from that POID (CRC-32 of its text plus one,
 * see mocks/README.md) and puts in bill, balance-group and event ids, so that the plan can check an
 * answer is about the customer it asked for.
 */
public final class BillingCustomers {
  /** The CSV's header line. */
  public static final String HEADER = "customerId,accountPoid,brmId";

  private static final String MAPPINGS =
      "SELECT crm.value, brm.value FROM xref_data crm JOIN xref_data brm"
          + " ON brm.xref_table_name = crm.xref_table_name AND brm.row_number = crm.row_number"
          + " AND brm.xref_column_name = 'BRM_01'"
          + " WHERE crm.xref_table_name = 'CUSTOMERPARTY_PARTYID' AND crm.xref_column_name ="
          + " 'SEBL_01' AND crm.origin = 'seed' AND crm.is_deleted = 'N'"
          + " ORDER BY crm.value LIMIT ?";

  private BillingCustomers() {}

  /**
   * Writes at most {@code limit} seeded customers to {@code csv} (replaced).
   *
   * @return the number of customer rows written
   */
  public static int writeCsv(String jdbcUrl, String user, String password, Path csv, int limit) {
    StringBuilder text = new StringBuilder(HEADER + "\n");
    int rows = 0;
    try (Connection connection = DriverManager.getConnection(jdbcUrl, user, password);
        PreparedStatement query = connection.prepareStatement(MAPPINGS)) {
      query.setInt(1, limit);
      try (ResultSet mappings = query.executeQuery()) {
        while (mappings.next()) {
          String poid = mappings.getString(2);
          text.append(mappings.getString(1)).append(',').append(poid).append(',');
          text.append(brmId(poid)).append('\n');
          rows++;
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException("cannot read the seeded customers: " + e.getMessage(), e);
    }
    OutputFiles.replace(csv, text.toString());
    return rows;
  }

  /** The BRM mock's number for an account POID: CRC-32 of its UTF-8 text, plus one. */
  public static long brmId(String accountPoid) {
    CRC32 crc = new CRC32();
    crc.update(accountPoid.getBytes(StandardCharsets.UTF_8));
    return crc.getValue() + 1;
  }
}
