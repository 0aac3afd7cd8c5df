package io.tunelab.run.observe;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StatementTableTest {
  @Test
  void aWritingStatementNamesTheTableItWrites() {
    assertThat(StatementTable.of("INSERT INTO sort_scan (barcode) SELECT $1 FROM sort_parcel"))
        .contains("sort_scan");
    assertThat(StatementTable.of("update  sort_chute\n SET parcels = parcels + 1 WHERE chute = $1"))
        .contains("sort_chute");
    assertThat(StatementTable.of("DELETE FROM ONLY public.sort_read WHERE id = $1"))
        .contains("public.sort_read");
    assertThat(StatementTable.of("UPDATE \"Sort Route\" SET hits = hits + 1"))
        .contains("Sort Route");
  }

  @Test
  void aReadingStatementNamesItsFirstTopLevelTable() {
    assertThat(
            StatementTable.of(
                "SELECT extract(epoch FROM now()), r.chute FROM sort_route r JOIN sort_chute c"
                    + " ON c.id = r.chute WHERE r.destination = $1"))
        .contains("sort_route");
    assertThat(StatementTable.of("SELECT * FROM (SELECT id FROM sort_parcel) p"))
        .contains("sort_parcel");
  }

  @Test
  void rowLockingClausesAreNoWrites() {
    assertThat(StatementTable.of("SELECT id FROM sort_parcel WHERE barcode = $1 FOR UPDATE"))
        .contains("sort_parcel");
    assertThat(
            StatementTable.of(
                "INSERT INTO sort_chute VALUES ($1) ON CONFLICT (id) DO UPDATE SET n = 1"))
        .contains("sort_chute");
  }

  @Test
  void aStatementNamingNoTableOrNoneAtAllNamesNothing() {
    assertThat(StatementTable.of("SELECT sort_request($1, $2)")).isEmpty();
    assertThat(StatementTable.of("SELECT now()")).isEmpty();
    assertThat(StatementTable.of("")).isEmpty();
    assertThat(StatementTable.of(null)).isEmpty();
  }
}
