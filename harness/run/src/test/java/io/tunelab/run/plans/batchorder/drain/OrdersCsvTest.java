package io.tunelab.run.plans.batchorder.drain;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class OrdersCsvTest {
  private static final long T0 = 1_795_000_000_000L;

  @Test
  void everySubmittedOrderIsOneRowSayingWhereItEnded() throws IOException {
    Map<String, Long> sent = new LinkedHashMap<>();
    for (int n = 1; n <= 5; n++) {
      sent.put("ORD-" + n, T0 + n);
    }
    DrainMetrics metrics =
        new DrainMetrics(
            3,
            T0 + 1,
            T0 + 90,
            new Histogram(3),
            List.of(T0 + 50, T0 + 90, T0 + 70),
            List.of("ORD-1", "ORD-3", "ORD-5"));
    Accounting accounting =
        new Accounting(
            5,
            3,
            1,
            List.of("ORD-4"),
            List.of("ORD-5"),
            List.of(),
            List.of(),
            Map.of("ORD-2", "BRM CreateCustomer fault", "ORD-5", "late, after it completed"),
            metrics);

    List<Map<String, String>> rows =
        read(OrdersCsv.of(sent, Map.of("ORD-1", T0), Map.of("ORD-1", 40, "ORD-2", 2), accounting));

    assertThat(rows)
        .extracting(r -> r.get("orderId"))
        .containsExactly("ORD-1", "ORD-2", "ORD-3", "ORD-4", "ORD-5");
    assertThat(rows)
        .extracting(r -> r.get("outcome"))
        .containsExactly("COMPLETED", "FAULTED", "COMPLETED", "LOST", "DUPLICATED");
    assertThat(rows.get(0))
        .containsEntry("lines", "40")
        .containsEntry("sentAtMillis", Long.toString(T0 + 1))
        .containsEntry("dueAtMillis", Long.toString(T0))
        .containsEntry("completedAtMillis", Long.toString(T0 + 50))
        .containsEntry("faultReason", "");
    assertThat(rows.get(1))
        .containsEntry("completedAtMillis", "")
        .containsEntry("faultReason", "BRM CreateCustomer fault");
    assertThat(rows.get(2)).containsEntry("completedAtMillis", Long.toString(T0 + 90));
    assertThat(rows.get(4)).containsEntry("faultReason", "late, after it completed");
  }

  private static List<Map<String, String>> read(String csv) throws IOException {
    try (MappingIterator<Map<String, String>> it =
        new CsvMapper()
            .readerForMapOf(String.class)
            .with(CsvSchema.emptySchema().withHeader())
            .readValues(csv)) {
      return it.readAll();
    }
  }
}
