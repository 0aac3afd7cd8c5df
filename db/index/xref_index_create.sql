-- The "xref index" knob, on: the two indexes the studies' cross-reference lookup needs.
--
--   SELECT value FROM xref_data
--    WHERE xref_table_name = ? AND xref_column_name = ?
--      AND row_number IN (SELECT row_number FROM xref_data
--                          WHERE xref_table_name = ? AND xref_column_name = ? AND value = ?
--                            AND is_deleted = 'N')
--
-- The inner half finds the row by an application's value: (table, column, value). The outer half
-- finds the other application's value by row number: (table, column, row_number). With one index
-- only, the other half still scans the whole table. Idempotent.
CREATE INDEX IF NOT EXISTS xref_data_value_ix
  ON xref_data (xref_table_name, xref_column_name, value);
CREATE INDEX IF NOT EXISTS xref_data_row_number_ix
  ON xref_data (xref_table_name, xref_column_name, row_number);
