-- The messaging plan's end-to-end latency and ordering: when the client sent each message (its
-- JMSTimestamp, on the host clock every tier shares) and the JMS priority it was sent with.
ALTER TABLE message_log ADD COLUMN sent_at timestamptz;
ALTER TABLE message_log ADD COLUMN priority smallint;
