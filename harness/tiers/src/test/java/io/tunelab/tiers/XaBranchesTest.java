package io.tunelab.tiers;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class XaBranchesTest {
  private static final byte[] MIDDLEWARE_GTRID =
      ("\u0000\u0001uid-bytes" + XaBranches.MIDDLEWARE_NODE).getBytes(UTF_8);

  @Test
  void knowsTheMiddlewaresBranchByNarayanasFormatIdAndItsNode() {
    assertThat(XaBranches.isMiddlewares(XaBranches.NARAYANA_FORMAT_ID, MIDDLEWARE_GTRID)).isTrue();
    assertThat(
            XaBranches.isMiddlewaresGid(
                XaBranches.gid(XaBranches.NARAYANA_FORMAT_ID, MIDDLEWARE_GTRID, new byte[] {1})))
        .isTrue();
  }

  @Test
  void leavesAnotherTransactionManagersOrAnotherNodesBranchAlone() {
    assertThat(XaBranches.isMiddlewares(4242, MIDDLEWARE_GTRID)).isFalse();
    assertThat(
            XaBranches.isMiddlewares(
                XaBranches.NARAYANA_FORMAT_ID, "uid-bytes-billing-app".getBytes(UTF_8)))
        .isFalse();
    assertThat(XaBranches.isMiddlewaresGid(XaBranches.gid(4242, MIDDLEWARE_GTRID, new byte[] {1})))
        .isFalse();
  }

  @Test
  void aGidOfAnyOtherShapeIsSomeoneElses() {
    assertThat(XaBranches.isMiddlewaresGid("tunelab-middleware")).isFalse();
    assertThat(XaBranches.isMiddlewaresGid("131077_not base64!_AQ==")).isFalse();
    assertThat(XaBranches.isMiddlewaresGid("x_dHVuZWxhYi1taWRkbGV3YXJl_AQ==")).isFalse();
  }
}
