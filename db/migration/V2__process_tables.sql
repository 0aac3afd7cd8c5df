-- Transactional data the middleware writes during a run; tunelab_purge (V4) empties all of it.
-- None of these tables references the setup tables: they carry the business keys (order id,
-- Siebel party id) as the BPEL and ESB tables did, so a purge or a reseed never cascades.

-- One row per process instance, like BPEL's CUBE_INSTANCE: how long each order or request took,
-- and when each stage of the order-to-bill flow was reached (null when not reached).
CREATE TABLE process_instance (
  instance_id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  flow                    varchar(20)  NOT NULL CHECK (flow IN ('order-to-bill', 'billing-care')),
  conversation_id         varchar(64)  NOT NULL,
  state                   varchar(10)  NOT NULL CHECK (state IN ('running', 'completed', 'faulted')),
  stage                   varchar(40),
  started_at              timestamptz  NOT NULL DEFAULT now(),
  ended_at                timestamptz,
  fault_reason            text,
  intake_at               timestamptz,
  orchestration_at        timestamptz,
  create_customer_at      timestamptz,
  create_subscriptions_at timestamptz,
  update_crm_at           timestamptz,
  modified_at             timestamptz  NOT NULL DEFAULT now()
);

-- Instances are found by their order (conversation) id when a later stage updates them.
CREATE INDEX process_instance_conversation_ix ON process_instance (conversation_id);

-- The audit trail of an instance, like BPEL's AUDIT_DETAILS: one row per activity; the payload
-- is kept at audit level "development" only, its size always.
CREATE TABLE audit_detail (
  audit_id      bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  instance_id   bigint       NOT NULL,
  activity      varchar(128) NOT NULL,
  logged_at     timestamptz  NOT NULL DEFAULT now(),
  payload       text,
  payload_bytes integer      NOT NULL DEFAULT 0 CHECK (payload_bytes >= 0)
);

CREATE INDEX audit_detail_instance_ix ON audit_detail (instance_id);

-- Messages handed from receipt to processing under delivery policy async.persist, like BPEL's
-- DLV_MESSAGE: written on receipt, picked up by a worker.
CREATE TABLE delivery_message (
  delivery_id  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  message_id   varchar(128) NOT NULL UNIQUE,
  destination  varchar(128) NOT NULL,
  order_id     varchar(64),
  payload      text         NOT NULL,
  state        varchar(10)  NOT NULL DEFAULT 'NEW'
                 CHECK (state IN ('NEW', 'PROCESSING', 'DONE', 'FAULTED')),
  created_at   timestamptz  NOT NULL DEFAULT now(),
  processed_at timestamptz
);

-- Workers look for the oldest undelivered messages only.
CREATE INDEX delivery_message_new_ix ON delivery_message (created_at) WHERE state = 'NEW';

-- The fetcher intake: orders the CRM drops in a table instead of on a queue; fetchers poll it in
-- batches (polling timer, submit timer, pool size).
CREATE TABLE order_inbox (
  inbox_id    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id    varchar(64) NOT NULL UNIQUE,
  payload     text        NOT NULL,
  size_class  varchar(6)  NOT NULL CHECK (size_class IN ('small', 'medium', 'large')),
  status      varchar(6)  NOT NULL DEFAULT 'NEW' CHECK (status IN ('NEW', 'PICKED', 'DONE')),
  enqueued_at timestamptz NOT NULL DEFAULT now(),
  picked_at   timestamptz,
  picked_by   varchar(64),
  done_at     timestamptz
);

-- A fetcher's poll: the oldest NEW orders (WHERE status = 'NEW' ORDER BY enqueued_at LIMIT n
-- FOR UPDATE SKIP LOCKED). Partial, so picked and done orders cost this index nothing.
CREATE INDEX order_inbox_new_ix ON order_inbox (enqueued_at, inbox_id) WHERE status = 'NEW';

-- One row per synchronous billing-care request when instance tracking is on, like ESB instance
-- tracking.
CREATE TABLE request_tracking (
  tracking_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  operation   varchar(64) NOT NULL,
  customer_id varchar(64),
  started_at  timestamptz NOT NULL DEFAULT now(),
  ended_at    timestamptz,
  status      varchar(10) NOT NULL CHECK (status IN ('running', 'completed', 'faulted'))
);
