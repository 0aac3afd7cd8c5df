package io.tunelab.tiers;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * Which prepared XA branches are the middleware's, so the harness rolls back only those: Narayana
 * (the middleware's transaction manager) writes its format id {@value #NARAYANA_FORMAT_ID} and its
 * node identifier {@value #MIDDLEWARE_NODE} into every global transaction id it makes. A branch of
 * another transaction manager, or of another Narayana node, is never touched.
 */
public final class XaBranches {
  /** Narayana's XID format id ({@code XATxConverter.FORMAT_ID}). */
  public static final int NARAYANA_FORMAT_ID = 131077;

  /** The node identifier the middleware gives Narayana; it ends every global transaction id. */
  public static final String MIDDLEWARE_NODE = "tunelab-middleware";

  private XaBranches() {}

  /** Whether an XID of that format id and global transaction id is the middleware's. */
  public static boolean isMiddlewares(int formatId, byte[] globalTransactionId) {
    return formatId == NARAYANA_FORMAT_ID
        && new String(globalTransactionId, StandardCharsets.ISO_8859_1).contains(MIDDLEWARE_NODE);
  }

  /**
   * Whether a PostgreSQL prepared transaction's gid is the middleware's: pgjdbc names a branch
   * {@code <formatId>_<base64 gtrid>_<base64 bqual>}; a gid of any other shape is someone else's.
   */
  public static boolean isMiddlewaresGid(String gid) {
    String[] parts = gid.split("_", -1);
    if (parts.length != 3) {
      return false;
    }
    try {
      return isMiddlewares(Integer.parseInt(parts[0]), Base64.getDecoder().decode(parts[1]));
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  /** The gid pgjdbc gives a branch: for tests that prepare one by hand. */
  public static String gid(int formatId, byte[] globalTransactionId, byte[] branchQualifier) {
    Base64.Encoder base64 = Base64.getEncoder();
    return formatId
        + "_"
        + base64.encodeToString(globalTransactionId)
        + "_"
        + base64.encodeToString(branchQualifier);
  }
}
