-- The "xref index" knob, off: xref lookups scan xref_data, as in the studies' untuned runs.
-- Idempotent.
DROP INDEX IF EXISTS xref_data_value_ix;
DROP INDEX IF EXISTS xref_data_row_number_ix;
