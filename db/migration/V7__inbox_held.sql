-- The fetcher intake's backlog mode: the load tier inserts a batch as HELD rows, which no fetcher
-- picks (they poll for NEW), and the harness releases the whole batch with one UPDATE to NEW, as it
-- pauses and resumes the intake queue for a JMS batch. The partial index on NEW rows is unchanged.
ALTER TABLE order_inbox DROP CONSTRAINT order_inbox_status_check;
ALTER TABLE order_inbox ADD CONSTRAINT order_inbox_status_check
  CHECK (status IN ('HELD', 'NEW', 'PICKED', 'DONE'));
