-- tunelab's bench history: one row per bench run, experiment and metric (<step>.<metric>).
-- Otava's postgres importer, or any SQL client, reads it; tunelab history draws its trends.
CREATE TABLE tunelab_bench_history (
    suite      text             NOT NULL,
    experiment text             NOT NULL,
    run_id     text             NOT NULL,
    time       timestamptz      NOT NULL,
    commit     text             NOT NULL,
    ordinal    integer          NOT NULL,
    metric     text             NOT NULL,
    value      double precision NOT NULL,
    PRIMARY KEY (suite, experiment, run_id, metric)
);

CREATE INDEX tunelab_bench_history_by_time ON tunelab_bench_history (suite, experiment, time);
