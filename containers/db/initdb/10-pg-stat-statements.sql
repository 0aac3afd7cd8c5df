-- The extension the observer reads statements per unit and top SQL from, in tunelab's database,
-- as the embedded tier creates it with the database. The server must also load the library
-- (shared_preload_libraries=pg_stat_statements in the command); creating it needs no restart.
CREATE EXTENSION IF NOT EXISTS pg_stat_statements;
