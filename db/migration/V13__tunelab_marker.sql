-- tunelab's marker: the harness purges run data and rolls back prepared transactions only in a
-- database that carries this row, that is one its own migrations set up, never in a database it
-- was merely pointed at (--provider external). One row, always 'tunelab'.
CREATE TABLE tunelab_marker (
  owner       text        PRIMARY KEY CHECK (owner = 'tunelab'),
  migrated_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO tunelab_marker (owner) VALUES ('tunelab');

COMMENT ON TABLE tunelab_marker IS
  'tunelab''s marker: this database was set up by tunelab''s migrations, which may purge its run'
  ' tables and roll back the prepared transactions of its middleware';
