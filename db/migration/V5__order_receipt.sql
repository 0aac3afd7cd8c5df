-- The middleware's idempotent receiver: one row per order id it accepted. A redelivered or
-- duplicated order message finds its row and is dropped (and counted), whatever the instance
-- persistence policy, so no order is billed twice.
CREATE TABLE order_receipt (
  order_id    varchar(64) PRIMARY KEY,
  received_at timestamptz NOT NULL DEFAULT now()
);

-- Purge now includes order_receipt; otherwise unchanged from V4.
CREATE OR REPLACE FUNCTION tunelab_purge() RETURNS TABLE (table_name text, rows_deleted bigint)
LANGUAGE plpgsql AS $$
DECLARE
  run_tables constant text[] := ARRAY['process_instance', 'audit_detail', 'delivery_message',
                                      'order_inbox', 'request_tracking', 'order_receipt'];
  seed_time constant timestamptz := '2026-01-01 00:00:00+00';
  run_table text;
  removed bigint;
BEGIN
  LOCK TABLE process_instance, audit_detail, delivery_message, order_inbox, request_tracking,
             order_receipt, xref_data IN ACCESS EXCLUSIVE MODE;
  FOREACH run_table IN ARRAY run_tables LOOP
    EXECUTE format('SELECT count(*) FROM %I', run_table) INTO removed;
    table_name := run_table;
    rows_deleted := removed;
    RETURN NEXT;
  END LOOP;
  TRUNCATE process_instance, audit_detail, delivery_message, order_inbox, request_tracking,
           order_receipt RESTART IDENTITY;

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
