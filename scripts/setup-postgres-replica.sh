#!/usr/bin/env bash
# Makes a streaming read replica of the local PostgreSQL 15 cluster 15/main, for cairn's read-replica
# tests and for trying `replicas` out (Debian 12, as root; run scripts/setup-postgres.sh first):
#   1. creates the Debian cluster 15/replica on its own port (default 5433) and fills its data
#      directory with `pg_basebackup -R` from 15/main over the local socket (as the postgres
#      superuser; Debian's pg_hba.conf allows local replication by peer authentication), which also
#      writes standby.signal and primary_conninfo, so the cluster starts as a hot standby that
#      streams from 15/main;
#   2. turns hot_standby_feedback on in the replica (long searches are not cancelled by vacuum on
#      the primary) and starts it;
#   3. waits until the replica accepts read-only connections and 15/main lists it as streaming.
# The primary is never restarted: PostgreSQL 15's defaults (wal_level replica, max_wal_senders 10)
# already allow a streaming replica; the replica streams through a replication slot, and the
# primary's max_slot_wal_keep_size is set (16GB, by reload) when it is unbounded.
# Idempotent: a replica that is running and in recovery is kept; one that exists but is not
# (stopped and cannot start, promoted, fallen too far behind) is dropped and made again. Roles, passwords and databases replicate from the
# primary, so the replica's URL is the primary's with the replica's port.
# The last line of stdout is that URL as an environment assignment,
# CAIRN_TEST_POSTGRES_REPLICA_URL=postgres://cairn:…@127.0.0.1:5433/cairn_test; the rest goes to
# stderr. Use: eval "$(scripts/setup-postgres-replica.sh)"
#
# Settings (environment): CAIRN_TEST_POSTGRES_URL (required: the primary's URL as
# setup-postgres.sh prints it), CAIRN_PG_REPLICA_PORT (default 5433), CAIRN_PG_REPLICA_CLUSTER
# (the Debian cluster name, default replica).
set -euo pipefail

PG_MAJOR=15
PRIMARY=main
PRIMARY_PORT=5432
CLUSTER=${CAIRN_PG_REPLICA_CLUSTER:-replica}
PORT=${CAIRN_PG_REPLICA_PORT:-5433}

log() { echo "setup-postgres-replica: $*" >&2; }
fail() {
  log "$*"
  exit 1
}

[ "$(id -u)" -eq 0 ] || fail "run as root (it creates and starts a cluster): sudo -E $0"
[[ "$CLUSTER" =~ ^[a-z_][a-z0-9_]*$ ]] || fail "CAIRN_PG_REPLICA_CLUSTER \"$CLUSTER\" is not a plain name ([a-z_][a-z0-9_]*)"
[[ "$PORT" =~ ^[0-9]+$ ]] && [ "$PORT" -ne "$PRIMARY_PORT" ] || fail "CAIRN_PG_REPLICA_PORT must be a port number other than $PRIMARY_PORT"
primary_url=${CAIRN_TEST_POSTGRES_URL:-}
[[ "$primary_url" =~ ^postgres(ql)?://[^/]*:$PRIMARY_PORT/ ]] ||
  fail "set CAIRN_TEST_POSTGRES_URL to the primary's URL first (eval \"\$(scripts/setup-postgres.sh)\"); got \"${primary_url:-nothing}\""
replica_url=${primary_url/:$PRIMARY_PORT\//:$PORT/}

command -v pg_createcluster >/dev/null || fail "PostgreSQL's Debian tools are missing: run scripts/setup-postgres.sh first"
pg_lsclusters -h "$PG_MAJOR" "$PRIMARY" 2>/dev/null | grep -q online ||
  fail "cluster $PG_MAJOR/$PRIMARY is not running: run scripts/setup-postgres.sh first"

on_replica() { su postgres -c "psql -p $PORT -d postgres -Atqc \"$1\"" 2>/dev/null; }
on_primary() { su postgres -c "psql -p $PRIMARY_PORT -d postgres -Atqc \"$1\""; }

replica_ok() {
  [ "$(on_replica 'SELECT pg_is_in_recovery()')" = "t" ] || return 1
  [ -n "$(on_primary "SELECT 1 FROM pg_stat_replication WHERE state = 'streaming' AND application_name = '$PG_MAJOR/$CLUSTER'")" ]
}

# Up to 3 minutes: on a busy machine a replica that was stopped for a while needs time to catch up.
wait_for_replica() {
  for _ in $(seq 1 180); do
    replica_ok && return 0
    sleep 1
  done
  return 1
}

if [ -d "/etc/postgresql/$PG_MAJOR/$CLUSTER" ]; then
  if ! pg_lsclusters -h "$PG_MAJOR" "$CLUSTER" | grep -q online; then
    log "starting cluster $PG_MAJOR/$CLUSTER"
    pg_ctlcluster "$PG_MAJOR" "$CLUSTER" start >&2 || true
  fi
  if wait_for_replica; then
    log "ready: $PG_MAJOR/$CLUSTER on 127.0.0.1:$PORT streams from $PG_MAJOR/$PRIMARY"
    echo "CAIRN_TEST_POSTGRES_REPLICA_URL=$replica_url"
    exit 0
  fi
  log "cluster $PG_MAJOR/$CLUSTER is not a streaming replica of $PG_MAJOR/$PRIMARY: dropping it and making it again"
  pg_dropcluster --stop "$PG_MAJOR" "$CLUSTER" >&2
fi

if su postgres -c "psql -p $PORT -d postgres -Atqc 'SELECT 1'" >/dev/null 2>&1; then
  fail "port $PORT is taken by another server; set CAIRN_PG_REPLICA_PORT"
fi

log "creating cluster $PG_MAJOR/$CLUSTER on port $PORT from a base backup of $PG_MAJOR/$PRIMARY"
pg_createcluster "$PG_MAJOR" "$CLUSTER" -p "$PORT" >&2
data_dir=$(pg_lsclusters -h "$PG_MAJOR" "$CLUSTER" | awk '{print $6}')
[ -n "$data_dir" ] && [ -d "$data_dir" ] || fail "pg_createcluster made no data directory for $PG_MAJOR/$CLUSTER"
find "$data_dir" -mindepth 1 -delete
# A physical replication slot keeps on the primary the WAL the replica has not received yet: without
# it a large write (a bulk load writes gigabytes of WAL) recycles segments before a busy replica
# has streamed them, and the replica stops for good ("requested WAL segment … has already been
# removed"). max_slot_wal_keep_size bounds what a stopped replica can make the primary keep (the
# slot is then invalidated and this script makes the replica again); a reload applies it.
SLOT="cairn_${CLUSTER}"
on_primary "SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE slot_name = '$SLOT' AND NOT active" >/dev/null
if [ "$(on_primary 'SHOW max_slot_wal_keep_size')" = "-1" ]; then
  on_primary "ALTER SYSTEM SET max_slot_wal_keep_size = '16GB'" >/dev/null
  on_primary 'SELECT pg_reload_conf()' >/dev/null
fi
# -R: standby.signal and primary_conninfo (and primary_slot_name, with -S); -C creates the slot.
# The application name lets the primary list it by name.
su postgres -c "pg_basebackup -h /var/run/postgresql -p $PRIMARY_PORT -D '$data_dir' -X stream -c fast -R -C -S $SLOT" >&2
cat >>"$data_dir/postgresql.auto.conf" <<CONF
primary_conninfo = 'host=/var/run/postgresql port=$PRIMARY_PORT user=postgres application_name=$PG_MAJOR/$CLUSTER'
CONF
pg_conftool "$PG_MAJOR" "$CLUSTER" set hot_standby on >&2
pg_conftool "$PG_MAJOR" "$CLUSTER" set hot_standby_feedback on >&2
pg_ctlcluster "$PG_MAJOR" "$CLUSTER" start >&2
wait_for_replica || fail "cluster $PG_MAJOR/$CLUSTER started but does not stream from $PG_MAJOR/$PRIMARY; see /var/log/postgresql/postgresql-$PG_MAJOR-$CLUSTER.log"
log "ready: $PG_MAJOR/$CLUSTER on 127.0.0.1:$PORT streams from $PG_MAJOR/$PRIMARY (read-only; roles and databases come from the primary)"
echo "CAIRN_TEST_POSTGRES_REPLICA_URL=$replica_url"
