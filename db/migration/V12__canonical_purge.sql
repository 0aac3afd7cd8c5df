-- The same physical starting state for every repetition. Until V11 the purge truncated the run
-- tables but deleted the run rows of xref_data and reset sort_chute's counters in place: the
-- deleted and updated row versions left free space, moved rows and grew the indexes from one
-- repetition to the next, so the unindexed xref lookups (sequential scans) read more pages each
-- time. Now xref_data and sort_chute are truncated too and their setup rows written again, in the
-- order the seed writes them, so their pages, their indexes (rebuilt by the harness after this,
-- REINDEX) and their row order are the same before every repetition.

-- The setup rows of xref_data, from the setup tables: one function for the seed and the purge.
CREATE FUNCTION tunelab_seed_xref() RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  seed_time constant timestamptz := '2026-01-01 00:00:00+00';
  written bigint;
BEGIN
  -- Three applications per entity, sharing one row_number: Siebel (SEBL_01), the AIA common id
  -- (COMMON) and BRM (BRM_01). Row numbers and common ids are GUID-like, as in AIA.
  INSERT INTO xref_data (xref_table_name, xref_column_name, row_number, value, is_deleted,
                         last_modified, last_accessed, origin)
  SELECT x.table_name, col.name, upper(md5(x.table_name || ':' || x.id)),
         CASE col.name WHEN 'SEBL_01' THEN x.siebel
                       WHEN 'COMMON' THEN upper(md5('COMMON:' || x.table_name || ':' || x.id))
                       ELSE x.brm END,
         'N', seed_time, seed_time, 'seed'
  FROM (SELECT 1 AS ord, 'CUSTOMERPARTY_PARTYID' AS table_name, c.customer_id AS id,
               c.party_id AS siebel, a.account_poid AS brm
        FROM customer c JOIN billing_account a ON a.customer_id = c.customer_id
        UNION ALL
        SELECT 2, 'CUSTOMERPARTY_ACCOUNTID', a.account_id, a.siebel_account_id, a.account_poid
        FROM billing_account a
        UNION ALL
        SELECT 3, 'ITEM_ITEMID', p.product_id, p.siebel_product_id, p.deal_poid
        FROM product p) AS x
  CROSS JOIN (VALUES (1, 'SEBL_01'), (2, 'COMMON'), (3, 'BRM_01')) AS col(ord, name)
  ORDER BY x.ord, x.id, col.ord;
  GET DIAGNOSTICS written = ROW_COUNT;
  RETURN written;
END
$$;

-- The seed as in V3, its xref rows written by tunelab_seed_xref().
CREATE OR REPLACE FUNCTION tunelab_seed(customer_count integer) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  seed_time constant timestamptz := '2026-01-01 00:00:00+00';
  product_count constant integer := 60;
  first_names constant text[] := ARRAY['Ada', 'Ben', 'Chloe', 'David', 'Elena', 'Farid', 'Grace',
    'Hugo', 'Ines', 'Jonas', 'Keiko', 'Liam', 'Maya', 'Noah', 'Olga', 'Pedro', 'Quinn', 'Rosa',
    'Sven', 'Tara', 'Umar', 'Vera', 'Wen', 'Yusuf'];
  last_names constant text[] := ARRAY['Andersen', 'Baker', 'Costa', 'Dubois', 'Eriksen', 'Fischer',
    'Garcia', 'Hansen', 'Ivanova', 'Jensen', 'Kowalski', 'Lopez', 'Moreau', 'Novak', 'Okafor',
    'Peters', 'Quispe', 'Rossi', 'Schmidt', 'Tanaka', 'Usman', 'Varga', 'Weber', 'Zhang'];
  families constant text[] := ARRAY['Broadband', 'Mobile', 'TV', 'Voice', 'Cloud Storage', 'Security'];
  family_prices constant numeric[] := ARRAY[39.00, 25.00, 29.00, 12.00, 5.00, 7.00];
  tiers constant text[] := ARRAY['Basic', 'Plus', 'Pro', 'Premium', 'Ultimate'];
  current_count integer;
BEGIN
  IF customer_count IS NULL OR customer_count < 1 OR customer_count > 1000000 THEN
    RAISE EXCEPTION 'tunelab_seed: customers must be 1..1000000, was %', customer_count
      USING ERRCODE = 'invalid_parameter_value';
  END IF;
  LOCK TABLE seed_state IN EXCLUSIVE MODE;
  SELECT s.customers INTO current_count FROM seed_state s;
  IF current_count = customer_count
     AND (SELECT count(*) FROM customer) = customer_count
     AND (SELECT count(*) FROM product) = product_count THEN
    RETURN false;
  END IF;

  DELETE FROM xref_data WHERE origin = 'seed';
  -- The setup tables hold seed rows only, and no run table references them.
  TRUNCATE billing_account, customer, product;

  INSERT INTO product (product_id, siebel_product_id, deal_poid, name, family, recurring_price,
                       currency, created_at)
  SELECT p,
         '1-PRD' || lpad(p::text, 3, '0'),
         '0.0.0.1 /deal ' || (200000 + p),
         families[1 + (p - 1) / 10] || ' ' || tiers[1 + ((p - 1) / 2) % 5]
           || CASE WHEN p % 2 = 0 THEN ' Annual' ELSE ' Monthly' END,
         families[1 + (p - 1) / 10],
         (family_prices[1 + (p - 1) / 10] + 5 * ((p - 1) / 2 % 5))
           * CASE WHEN p % 2 = 0 THEN 10 ELSE 1 END,
         'USD',
         seed_time
  FROM generate_series(1, product_count) AS p
  ORDER BY p;

  INSERT INTO customer (customer_id, party_id, name, email, segment, created_at)
  SELECT i,
         tunelab_siebel_id(i, 7919, 5),
         first_names[1 + i % 24] || ' ' || last_names[1 + (i / 24) % 24],
         lower(first_names[1 + i % 24] || '.' || last_names[1 + (i / 24) % 24]) || '.' || i
           || '@example.com',
         CASE WHEN i % 10 = 0 THEN 'enterprise' WHEN i % 10 < 4 THEN 'small-business'
              ELSE 'consumer' END,
         seed_time
  FROM generate_series(1, customer_count) AS i
  ORDER BY i;

  INSERT INTO billing_account (account_id, customer_id, siebel_account_id, account_poid, currency,
                               status, created_at)
  SELECT i,
         i,
         tunelab_siebel_id(i, 104729, 6),
         '0.0.0.1 /account ' || (100000 + i),
         CASE WHEN i % 7 = 0 THEN 'EUR' ELSE 'USD' END,
         'active',
         seed_time
  FROM generate_series(1, customer_count) AS i
  ORDER BY i;

  PERFORM tunelab_seed_xref();

  INSERT INTO seed_state (singleton, customers, products, seeded_at)
  VALUES (true, customer_count, product_count, now())
  ON CONFLICT (singleton) DO UPDATE
    SET customers = excluded.customers, products = excluded.products, seeded_at = excluded.seeded_at;
  RETURN true;
END
$$;

-- The purge: the run tables, xref_data and sort_chute truncated (identities restarted), the
-- setup rows of xref_data and the chutes written again. Returns rows removed per table, as before.
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
  restored bigint;
  chutes bigint;
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
  SELECT count(*) INTO removed FROM xref_data WHERE origin = 'run';
  SELECT count(*) INTO restored FROM xref_data
   WHERE origin = 'seed'
     AND (is_deleted <> 'N' OR last_modified <> seed_time OR last_accessed <> seed_time);
  SELECT count(*) INTO chutes FROM sort_chute WHERE diverted <> 0 OR last_parcel IS NOT NULL;

  TRUNCATE process_instance, audit_detail, delivery_message, order_inbox, request_tracking,
           order_receipt, message_log, message_status, sort_parcel, sort_scan, sort_read,
           sort_divert, instance_state, sort_chute, xref_data RESTART IDENTITY;
  INSERT INTO sort_chute (chute) SELECT c FROM generate_series(0, 48) AS c;
  PERFORM tunelab_seed_xref();

  table_name := 'sort_chute (counters reset)';
  rows_deleted := chutes;
  RETURN NEXT;
  table_name := 'xref_data';
  rows_deleted := removed;
  RETURN NEXT;
  table_name := 'xref_data (seed rows restored)';
  rows_deleted := restored;
  RETURN NEXT;
END
$$;
