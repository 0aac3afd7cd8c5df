-- Purge between runs: tunelab_purge() empties what runs write and keeps the setup rows, so every
-- run starts from the same state (the studies purged the BPEL/ESB tables and new xref rows).
-- Returns the rows removed (or, for seeded xref rows, restored) per table. A migration that adds
-- a run table must replace this function to include it.
CREATE FUNCTION tunelab_purge() RETURNS TABLE (table_name text, rows_deleted bigint)
LANGUAGE plpgsql AS $$
DECLARE
  run_tables constant text[] := ARRAY['process_instance', 'audit_detail', 'delivery_message',
                                      'order_inbox', 'request_tracking'];
  seed_time constant timestamptz := '2026-01-01 00:00:00+00';
  run_table text;
  removed bigint;
BEGIN
  -- Counted under the same lock as the truncate, so no row slips in between uncounted.
  LOCK TABLE process_instance, audit_detail, delivery_message, order_inbox, request_tracking,
             xref_data IN ACCESS EXCLUSIVE MODE;
  FOREACH run_table IN ARRAY run_tables LOOP
    EXECUTE format('SELECT count(*) FROM %I', run_table) INTO removed;
    table_name := run_table;
    rows_deleted := removed;
    RETURN NEXT;
  END LOOP;
  -- TRUNCATE rather than DELETE: no dead rows for the next run to step over, ids start again.
  TRUNCATE process_instance, audit_detail, delivery_message, order_inbox, request_tracking
    RESTART IDENTITY;

  DELETE FROM xref_data WHERE origin = 'run';
  GET DIAGNOSTICS removed = ROW_COUNT;
  table_name := 'xref_data';
  rows_deleted := removed;
  RETURN NEXT;

  -- Seeded mappings a run touched (marked deleted, timestamps moved) go back to their seed state.
  UPDATE xref_data
     SET is_deleted = 'N', last_modified = seed_time, last_accessed = seed_time
   WHERE origin = 'seed'
     AND (is_deleted <> 'N' OR last_modified <> seed_time OR last_accessed <> seed_time);
  GET DIAGNOSTICS removed = ROW_COUNT;
  table_name := 'xref_data (seed rows restored)';
  rows_deleted := removed;
  RETURN NEXT;
END
$$;
