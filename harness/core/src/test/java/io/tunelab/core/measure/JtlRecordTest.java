package io.tunelab.core.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;

class JtlRecordTest {
  private static final String HEADER =
      "timeStamp,elapsed,label,responseCode,responseMessage,threadName,success,bytes,"
          + "\"orderId\",\"sizeClass\"\n";

  private static List<JtlRecord> parse(String csv) throws Exception {
    return JtlRecord.parse(new StringReader(csv), "test.jtl");
  }

  @Test
  void aDistributedRunsSampleNamesItsEngineAndALocalOneNone() throws Exception {
    List<JtlRecord> records =
        parse(
            HEADER
                + "1,5,publish,200,OK,127.0.0.1:41101-publishers 1-1,true,10,ORD-r1-000001,small\n"
                + "2,5,publish,200,OK,engine-2.example:1099-publishers 1-2,true,10,ORD-r1-000002,small\n"
                + "3,5,publish,200,OK,publishers 1-1,true,10,ORD-r1-000003,small\n");

    assertThat(records)
        .extracting(JtlRecord::engine)
        .containsExactly(
            java.util.Optional.of("127.0.0.1:41101"),
            java.util.Optional.of("engine-2.example:1099"),
            java.util.Optional.empty());
  }

  @Test
  void readsTheStandardColumnsAndTheSampleVariables() throws Exception {
    List<JtlRecord> records =
        parse(
            HEADER
                + "1795000000000,73,ORD-r1-000001,200,1 messages published,publishers 1-1,true,0,"
                + "ORD-r1-000001,small\n");

    assertThat(records).hasSize(1);
    JtlRecord record = records.get(0);
    assertThat(record.timeStampMillis()).isEqualTo(1_795_000_000_000L);
    assertThat(record.elapsedMillis()).isEqualTo(73);
    assertThat(record.endMillis()).isEqualTo(1_795_000_000_073L);
    assertThat(record.label()).isEqualTo("ORD-r1-000001");
    assertThat(record.responseCode()).isEqualTo("200");
    assertThat(record.responseMessage()).isEqualTo("1 messages published");
    assertThat(record.threadName()).isEqualTo("publishers 1-1");
    assertThat(record.success()).isTrue();
    assertThat(record.get("sizeClass")).isEqualTo("small");
    assertThat(record.get("orderId")).isEqualTo("ORD-r1-000001");
    assertThat(record.get("bytes")).isEqualTo("0");
  }

  @Test
  void readsQuotedFieldsWithCommasQuotesAndLineBreaks() throws Exception {
    List<JtlRecord> records =
        parse(
            HEADER
                + "1,0,ORD-r1-000002,,\"javax.jms.JMSException: a, \"\"b\"\"\nc\",t 1-1,false,"
                + "1675,ORD-r1-000002,large\r\n"
                + "2,5,ORD-r1-000003,200,ok,t 1-1,true,0,ORD-r1-000003,medium");

    assertThat(records).hasSize(2);
    assertThat(records.get(0).responseMessage()).isEqualTo("javax.jms.JMSException: a, \"b\"\nc");
    assertThat(records.get(0).success()).isFalse();
    assertThat(records.get(1).get("sizeClass")).isEqualTo("medium");
  }

  @Test
  void rejectsAJtlWithoutARequiredColumn() {
    assertThatThrownBy(() -> parse("timeStamp,elapsed,success\n1,2,true\n"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("test.jtl has no column label");
  }

  @Test
  void rejectsATimeStampThatIsNoNumber() {
    assertThatThrownBy(() -> parse(HEADER + "2026-11-22,73,x,200,ok,t,true,0,x,small\n"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("timeStamp must be whole milliseconds, was '2026-11-22'");
  }

  @Test
  void rejectsARecordWithAnotherNumberOfFields() {
    assertThatThrownBy(() -> parse(HEADER + "1,2,x\n"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("has 3 fields, the header 10");
  }

  @Test
  void rejectsAnEmptyFile() {
    assertThatThrownBy(() -> parse(""))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("test.jtl is empty");
  }

  @Test
  void readsTheIntendedSendTimeOfARateModeRun() throws Exception {
    List<JtlRecord> records =
        parse(
            "timeStamp,elapsed,label,success,\"orderId\",\"intendedAt\"\n"
                + "1795000000105,7,ORD-r1-000001,true,ORD-r1-000001,1795000000100\n"
                + "1795000000200,7,ORD-r1-000002,true,ORD-r1-000002,\n");

    assertThat(records.get(0).intendedAtMillis()).hasValue(1_795_000_000_100L);
    assertThat(records.get(1).intendedAtMillis()).as("unpaced: empty").isEmpty();
  }

  @Test
  void aJtlWithoutIntendedTimesHasNone() throws Exception {
    List<JtlRecord> records =
        parse(HEADER + "1,0,ORD-r1-000001,200,ok,t 1-1,true,0,ORD-r1-000001,small\n");

    assertThat(records.get(0).intendedAtMillis()).isEmpty();
  }

  @Test
  void rejectsAnIntendedTimeThatIsNoNumber() throws Exception {
    JtlRecord record =
        parse("timeStamp,elapsed,label,success,intendedAt\n1,0,ORD-r1-000001,true,soon\n").get(0);

    assertThatThrownBy(record::intendedAtMillis)
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "ORD-r1-000001: intendedAt must be whole epoch milliseconds or empty, was 'soon'");
  }
}
