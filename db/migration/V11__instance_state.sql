-- Dehydrated instance state, like a process engine's scope table (BPEL's CUBE_SCOPE): at every
-- dehydration point the middleware writes the instance's variables (the canonical order and the
-- payloads its activities gathered), replacing what the stage before wrote. One row per instance,
-- keyed by process_instance's id but without a foreign key: in local mode a stage can write the
-- state before the insert of the instance row has committed (see Instances.update).
CREATE TABLE instance_state (
  instance_id bigint      PRIMARY KEY,
  stage       varchar(40) NOT NULL,
  encoding    varchar(4)  NOT NULL CHECK (encoding IN ('xml', 'gzip')),
  state       bytea       NOT NULL,
  state_bytes integer     NOT NULL CHECK (state_bytes >= 0),
  modified_at timestamptz NOT NULL DEFAULT now()
);

-- EXTERNAL: kept out of line but never compressed by PostgreSQL (pglz), so the bytes written are
-- the ones middleware.instance.stateCompression chose: the knob compares compressing in the
-- middleware with writing the state as it is, not with PostgreSQL compressing it behind its back.
ALTER TABLE instance_state ALTER COLUMN state SET STORAGE EXTERNAL;

-- Purge now empties instance_state too; otherwise unchanged from V10.
CREATE OR REPLACE FUNCTION tunelab_purge() RETURNS TABLE (table_name text, rows_deleted bigint)
LANGUAGE plpgsql AS $$
DECLARE
  run_tables constant text[] := ARRAY['process_instance', 'audit_detail', 'delivery_message',
                                      'order_inbox', 'request_tracking', 'order_receipt',
                                      'message_log', 'message_status', 'sort_parcel',
                                      'sort_scan', 'sort_read', 'sort_divert',
                                      'instance_state'];
  seed_time constant timestamptz := '2026-01-01 00:00:00+00';
  run_table text;
  removed bigint;
BEGIN
  LOCK TABLE process_instance, audit_detail, delivery_message, order_inbox, request_tracking,
             order_receipt, message_log, message_status, sort_parcel, sort_scan, sort_read,
             sort_divert, sort_chute, xref_data, instance_state IN ACCESS EXCLUSIVE MODE;
  FOREACH run_table IN ARRAY run_tables LOOP
    EXECUTE format('SELECT count(*) FROM %I', run_table) INTO removed;
    table_name := run_table;
    rows_deleted := removed;
    RETURN NEXT;
  END LOOP;
  TRUNCATE process_instance, audit_detail, delivery_message, order_inbox, request_tracking,
           order_receipt, message_log, message_status, sort_parcel, sort_scan, sort_read,
           sort_divert, instance_state RESTART IDENTITY;

  UPDATE sort_chute SET diverted = 0, last_parcel = NULL, updated_at = NULL
   WHERE diverted <> 0 OR last_parcel IS NOT NULL;
  GET DIAGNOSTICS removed = ROW_COUNT;
  table_name := 'sort_chute (counters reset)';
  rows_deleted := removed;
  RETURN NEXT;

  DELETE FROM xref_data WHERE origin = 'run';
  GET DIAGNOSTICS removed = ROW_COUNT;
  table_name := 'xref_data';
  rows_deleted := removed;
  RETURN NEXT;

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
