-- The queue messaging server (the messaging study): every message a dequeue thread takes is
-- logged with an id from message_id_seq (its CACHE is the knob db.sequence.cache), then its status
-- follows it: RECEIVED, DRIVEN once the device driver answered, REPLIED when a two-way reply went
-- out, FAILED with a reason. client_message_id is the id the client gave it, unique, so a
-- message delivered twice is counted, not logged twice.
CREATE SEQUENCE message_id_seq;

CREATE TABLE message_log (
  message_id        bigint      PRIMARY KEY,
  client_message_id varchar(64) NOT NULL UNIQUE,
  queue_name        varchar(64) NOT NULL,
  body              text        NOT NULL,
  received_at       timestamptz NOT NULL DEFAULT now()
);

ALTER SEQUENCE message_id_seq OWNED BY message_log.message_id;

CREATE TABLE message_status (
  message_id bigint      NOT NULL,
  status     varchar(8)  NOT NULL CHECK (status IN ('RECEIVED', 'DRIVEN', 'REPLIED', 'FAILED')),
  reason     text,
  at         timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (message_id, status)
);

-- Purge now includes the messaging tables (and restarts message_id_seq with them, its CACHE
-- kept); otherwise unchanged from V5.
CREATE OR REPLACE FUNCTION tunelab_purge() RETURNS TABLE (table_name text, rows_deleted bigint)
LANGUAGE plpgsql AS $$
DECLARE
  run_tables constant text[] := ARRAY['process_instance', 'audit_detail', 'delivery_message',
                                      'order_inbox', 'request_tracking', 'order_receipt',
                                      'message_log', 'message_status'];
  seed_time constant timestamptz := '2026-01-01 00:00:00+00';
  run_table text;
  removed bigint;
BEGIN
  LOCK TABLE process_instance, audit_detail, delivery_message, order_inbox, request_tracking,
             order_receipt, message_log, message_status, xref_data IN ACCESS EXCLUSIVE MODE;
  FOREACH run_table IN ARRAY run_tables LOOP
    EXECUTE format('SELECT count(*) FROM %I', run_table) INTO removed;
    table_name := run_table;
    rows_deleted := removed;
    RETURN NEXT;
  END LOOP;
  TRUNCATE process_instance, audit_detail, delivery_message, order_inbox, request_tracking,
           order_receipt, message_log, message_status RESTART IDENTITY;

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
