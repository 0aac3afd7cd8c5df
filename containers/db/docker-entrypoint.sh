#!/bin/bash
# Makes the cluster on the first start (a superuser and a database from POSTGRES_USER,
# POSTGRES_PASSWORD and POSTGRES_DB, password authentication over TCP, then the *.sql scripts of
# /docker-entrypoint-initdb.d in that database, as the official image does), then runs the command as
# the postgres user. Listens on 127.0.0.1 only: tunelab's containers use the host's network.
set -euo pipefail
if [ "${1:-}" = postgres ]; then
  : "${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD}"
  user=${POSTGRES_USER:-postgres}
  db=${POSTGRES_DB:-$user}
  port=${PGPORT:-5432}
  mkdir -p "$PGDATA" /var/run/postgresql
  chown -R postgres:postgres "$PGDATA" /var/run/postgresql
  chmod 700 "$PGDATA"
  if [ ! -s "$PGDATA/PG_VERSION" ]; then
    pwfile=$(mktemp)
    printf '%s' "$POSTGRES_PASSWORD" > "$pwfile"
    chown postgres "$pwfile"
    su postgres -c "initdb -D '$PGDATA' -U '$user' --pwfile='$pwfile' -A scram-sha-256 -E UTF8" \
      > /dev/null
    rm -f "$pwfile"
    # the superuser's own database, as the official image makes it
    su postgres -c "pg_ctl -D '$PGDATA' -o '-c listen_addresses= -p $port' -w start" > /dev/null
    if [ "$db" != postgres ]; then
      PGPASSWORD=$POSTGRES_PASSWORD su postgres -c \
        "psql -h /var/run/postgresql -p $port -U '$user' -d postgres -qc 'CREATE DATABASE \"$db\"'"
    fi
    # what the official image runs once in a new cluster: *.sql in /docker-entrypoint-initdb.d
    for script in /docker-entrypoint-initdb.d/*.sql; do
      [ -e "$script" ] || continue
      PGPASSWORD=$POSTGRES_PASSWORD su postgres -c \
        "psql -h /var/run/postgresql -p $port -U '$user' -d '$db' -v ON_ERROR_STOP=1 -qf '$script'"
    done
    su postgres -c "pg_ctl -D '$PGDATA' -m fast -w stop" > /dev/null
  fi
  shift
  exec su postgres -c "exec postgres -D '$PGDATA' -c listen_addresses=127.0.0.1 -p $port $*"
fi
exec "$@"
