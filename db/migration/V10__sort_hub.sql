-- The sort hub (the OLTP study): conveyor devices send a 2,000-character fixed-width sort request
-- per parcel scan (docs/sort-hub.md gives the layout); the middleware's sort service writes the
-- parcel, its scan and every read of the scan, reads them back, decides the chute and records the
-- divert, 30-100 statements a request in one transaction. The parcel tables start empty every run
-- (purged below), so they grow from nothing during a run and their statistics are always stale, as
-- in a sort cycle. Ids come from sequences whose CACHE is the knob db.sequence.cache.
CREATE TABLE sort_parcel (
  parcel_id   bigserial   PRIMARY KEY,
  barcode     varchar(20) NOT NULL UNIQUE,
  device_id   varchar(8)  NOT NULL,
  destination integer     NOT NULL,
  weight_g    integer     NOT NULL,
  length_mm   integer     NOT NULL,
  width_mm    integer     NOT NULL,
  height_mm   integer     NOT NULL,
  state       varchar(10) NOT NULL,
  chute       smallint,
  scans       integer     NOT NULL DEFAULT 1,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sort_scan (
  scan_id     bigserial   PRIMARY KEY,
  parcel_id   bigint      NOT NULL,
  device_id   varchar(8)  NOT NULL,
  msg_type    char(2)     NOT NULL,
  scanned_at  timestamp   NOT NULL,
  reads       smallint    NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sort_scan_parcel ON sort_scan (parcel_id);

-- One row per read of a scan (a label, an OCR result, an RFID tag, the dimensions): inserted,
-- read back and judged within the same request.
CREATE TABLE sort_read (
  scan_id    bigint      NOT NULL,
  seq        smallint    NOT NULL,
  kind       char(4)     NOT NULL,
  value      varchar(20) NOT NULL,
  confidence smallint    NOT NULL,
  status     varchar(8)  NOT NULL DEFAULT 'READ' CHECK (status IN ('READ', 'ACCEPTED', 'REJECTED')),
  PRIMARY KEY (scan_id, seq)
);

CREATE TABLE sort_divert (
  scan_id    bigint      PRIMARY KEY,
  parcel_id  bigint      NOT NULL,
  chute      smallint    NOT NULL,
  decided_at timestamptz NOT NULL DEFAULT now()
);

-- Reference data, never purged: each destination's chute and belt. A destination outside
-- 1..100000 goes to chute 0, the exception area.
CREATE TABLE sort_route (
  destination integer  PRIMARY KEY,
  chute       smallint NOT NULL,
  belt        smallint NOT NULL
);
INSERT INTO sort_route (destination, chute, belt)
SELECT d, 1 + (d * 7919) % 48, 1 + ((d * 7919) % 48) % 4 FROM generate_series(1, 100000) AS d;

-- The chutes' fill counters: every request updates its chute's row, so 49 small rows take every
-- request's update (the study's hot blocks; fill factor is the knob db.sort.fillFactor).
CREATE TABLE sort_chute (
  chute       smallint    PRIMARY KEY,
  diverted    bigint      NOT NULL DEFAULT 0,
  last_parcel bigint,
  updated_at  timestamptz
);
INSERT INTO sort_chute (chute) SELECT c FROM generate_series(0, 48) AS c;

-- Parsing in the database (middleware.sort.parseIn=database): the middleware passes the raw
-- request to these two functions, which cut it with substring calls, as the studied system's
-- stored procedure did. PL/pgSQL, so never inlined: pg_stat_user_functions counts every call.
CREATE FUNCTION sort_parse_header(request text)
RETURNS TABLE (msg_type text, device_id text, barcode text, scanned_at timestamp,
               destination integer, weight_g integer, length_mm integer, width_mm integer,
               height_mm integer, reads integer)
LANGUAGE plpgsql STRICT AS $$
BEGIN
  IF length(request) <> 2000 THEN
    RAISE EXCEPTION 'a sort request is 2000 characters, this one %', length(request)
      USING ERRCODE = '22023';
  END IF;
  msg_type := substr(request, 1, 2);
  device_id := rtrim(substr(request, 3, 8));
  barcode := rtrim(substr(request, 11, 20));
  scanned_at := make_timestamp(substr(request, 31, 4)::integer, substr(request, 35, 2)::integer,
                               substr(request, 37, 2)::integer, substr(request, 39, 2)::integer,
                               substr(request, 41, 2)::integer,
                               substr(request, 43, 2)::integer
                                 + substr(request, 45, 3)::integer / 1000.0);
  destination := substr(request, 48, 6)::integer;
  weight_g := substr(request, 54, 7)::integer;
  length_mm := substr(request, 61, 5)::integer;
  width_mm := substr(request, 66, 5)::integer;
  height_mm := substr(request, 71, 5)::integer;
  reads := substr(request, 76, 2)::integer;
  IF reads NOT BETWEEN 1 AND 31 THEN
    RAISE EXCEPTION 'read count must be 1..31, was %', reads USING ERRCODE = '22023';
  END IF;
  RETURN NEXT;
END
$$;

CREATE FUNCTION sort_parse_reads(request text)
RETURNS TABLE (seq integer, kind text, value text, confidence integer)
LANGUAGE plpgsql STRICT AS $$
DECLARE
  slot integer;
BEGIN
  FOR i IN 0 .. substr(request, 76, 2)::integer - 1 LOOP
    slot := 101 + 60 * i;
    seq := i + 1;
    kind := substr(request, slot, 4);
    value := rtrim(substr(request, slot + 4, 20));
    confidence := substr(request, slot + 24, 3)::integer;
    RETURN NEXT;
  END LOOP;
END
$$;

-- Purge now includes the sort hub's tables (restarting their id sequences, CACHE kept) and
-- resets the chutes' counters; otherwise unchanged from V8.
CREATE OR REPLACE FUNCTION tunelab_purge() RETURNS TABLE (table_name text, rows_deleted bigint)
LANGUAGE plpgsql AS $$
DECLARE
  run_tables constant text[] := ARRAY['process_instance', 'audit_detail', 'delivery_message',
                                      'order_inbox', 'request_tracking', 'order_receipt',
                                      'message_log', 'message_status', 'sort_parcel',
                                      'sort_scan', 'sort_read', 'sort_divert'];
  seed_time constant timestamptz := '2026-01-01 00:00:00+00';
  run_table text;
  removed bigint;
BEGIN
  LOCK TABLE process_instance, audit_detail, delivery_message, order_inbox, request_tracking,
             order_receipt, message_log, message_status, sort_parcel, sort_scan, sort_read,
             sort_divert, sort_chute, xref_data IN ACCESS EXCLUSIVE MODE;
  FOREACH run_table IN ARRAY run_tables LOOP
    EXECUTE format('SELECT count(*) FROM %I', run_table) INTO removed;
    table_name := run_table;
    rows_deleted := removed;
    RETURN NEXT;
  END LOOP;
  TRUNCATE process_instance, audit_detail, delivery_message, order_inbox, request_tracking,
           order_receipt, message_log, message_status, sort_parcel, sort_scan, sort_read,
           sort_divert RESTART IDENTITY;

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
