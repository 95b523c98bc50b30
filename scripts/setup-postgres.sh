#!/usr/bin/env bash
# Sets up a local PostgreSQL server for cairn's postgres:// store and its tests (Debian 12, as root):
#   1. installs PostgreSQL 15 from Debian's packages (skipped when the cluster 15/main exists);
#   2. builds and installs pgvector (0.8 or newer: iterative index scans, halfvec) from Debian 13's
#      source package, adding a deb-src entry for Debian 13 ("trixie") first (skipped when pgvector
#      0.8+ is already installed for PostgreSQL 15);
#   3. starts the cluster and creates the roles and the database (see docs/postgres.md):
#      - an owner role that logs in and migrates (LOGIN CREATEDB, no SUPERUSER, no BYPASSRLS);
#      - the runtime role every scoped transaction switches to (NOLOGIN, no BYPASSRLS), granted to
#        the owner, so row-level security applies to everything the store reads and writes;
#      - a database owned by the owner role, and the vector and unaccent extensions installed in
#        it and in template1 (pgvector is not a trusted extension: only a superuser creates it),
#        so that databases the owner creates later (the tests make one per file) have them too.
# Every step is idempotent. The last line of stdout is the connection URL as an environment
# assignment, e.g. CAIRN_TEST_POSTGRES_URL=postgres://cairn:…@127.0.0.1:5432/cairn_test; the
# rest of the output goes to stderr. Use: eval "$(scripts/setup-postgres.sh)"
#
# Settings (environment): CAIRN_PG_OWNER (default cairn), CAIRN_PG_APP_ROLE (cairn_app, the store's
# appRole option), CAIRN_PG_DATABASE (cairn_test), CAIRN_PG_PASSWORD (the owner's password; when
# unset a random one is set on every run), CAIRN_PG_BUILD_DIR (where pgvector's source is unpacked,
# default /var/tmp/cairn-pgvector), CAIRN_PG_REBUILD_PGVECTOR=1 (build and install pgvector even when
# a recent enough one is installed).
set -euo pipefail

PG_MAJOR=15
PGVECTOR_MIN=0.8.0
OWNER=${CAIRN_PG_OWNER:-cairn}
APP_ROLE=${CAIRN_PG_APP_ROLE:-cairn_app}
DATABASE=${CAIRN_PG_DATABASE:-cairn_test}
BUILD_DIR=${CAIRN_PG_BUILD_DIR:-/var/tmp/cairn-pgvector}
PORT=5432

log() { echo "setup-postgres: $*" >&2; }
fail() {
  log "$*"
  exit 1
}

[ "$(id -u)" -eq 0 ] || fail "run as root (it installs packages and manages the cluster): sudo $0"
for name in "$OWNER" "$APP_ROLE" "$DATABASE"; do
  [[ "$name" =~ ^[a-z_][a-z0-9_]*$ ]] || fail "\"$name\" is not a lower-case SQL identifier ([a-z_][a-z0-9_]*)"
done
export DEBIAN_FRONTEND=noninteractive

apt_updated=0
apt_update() {
  if [ "$apt_updated" -eq 0 ]; then
    apt-get update -q >&2
    apt_updated=1
  fi
}

# 1. PostgreSQL 15.
if ! dpkg-query -W -f='${Status}' "postgresql-$PG_MAJOR" 2>/dev/null | grep -q 'install ok installed'; then
  log "installing PostgreSQL $PG_MAJOR"
  apt_update
  apt-get install -y -q --no-install-recommends "postgresql-$PG_MAJOR" postgresql-contrib >&2
fi
[ -d "/etc/postgresql/$PG_MAJOR/main" ] || pg_createcluster "$PG_MAJOR" main >&2
# The server package as it is now: building pgvector below installs the server's dev package,
# which may upgrade the server itself under a running cluster (its postgres process then fails
# to load the new plpgsql.so: "undefined symbol").
server_version() { dpkg-query -W -f='${Version}' "postgresql-$PG_MAJOR" 2>/dev/null || true; }
server_before=$(server_version)

# 2. pgvector from Debian 13's source package.
sharedir=$(/usr/lib/postgresql/$PG_MAJOR/bin/pg_config --sharedir)
pkglibdir=$(/usr/lib/postgresql/$PG_MAJOR/bin/pg_config --pkglibdir)
installed_version() {
  sed -n "s/^default_version *= *'\(.*\)'/\1/p" "$sharedir/extension/vector.control" 2>/dev/null || true
}
version_at_least() { [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n 1)" = "$2" ]; }
current=$(installed_version)
if [ -z "${CAIRN_PG_REBUILD_PGVECTOR:-}" ] && [ -n "$current" ] && [ -f "$pkglibdir/vector.so" ] && version_at_least "$current" "$PGVECTOR_MIN"; then
  log "pgvector $current is installed"
else
  has_source=0
  for file in /etc/apt/sources.list /etc/apt/sources.list.d/*; do
    if grep -qsE '^(Types:.*deb-src|deb-src )' "$file" && grep -qsE '(^Suites:.*| )trixie( |$)' "$file"; then
      has_source=1
    fi
  done
  if [ "$has_source" -eq 0 ]; then
    # Same mirror as the first entry of the system's sources.
    mirror=$(sed -n 's/^URIs: *\([^ ]*\).*/\1/p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -n 1)
    mirror=${mirror:-http://deb.debian.org/debian}
    log "adding a deb-src entry for Debian 13 (trixie) from $mirror"
    cat >/etc/apt/sources.list.d/cairn-trixie-src.sources <<EOF
Types: deb-src
URIs: $mirror
Suites: trixie
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
    apt_updated=0
  fi
  apt_update
  apt-get install -y -q --no-install-recommends "postgresql-server-dev-$PG_MAJOR" dpkg-dev make gcc >&2
  mkdir -p "$BUILD_DIR"
  (
    cd "$BUILD_DIR"
    source_dir=$(find . -maxdepth 1 -type d -name 'pgvector-*' | sort -V | tail -n 1)
    if [ -z "$source_dir" ]; then
      apt-get source -q pgvector >&2
      source_dir=$(find . -maxdepth 1 -type d -name 'pgvector-*' | sort -V | tail -n 1)
    fi
    [ -n "$source_dir" ] || fail "apt-get source pgvector unpacked nothing in $BUILD_DIR"
    log "building pgvector in $BUILD_DIR/${source_dir#./}"
    make -C "$source_dir" PG_CONFIG="/usr/lib/postgresql/$PG_MAJOR/bin/pg_config" >&2
    make -C "$source_dir" PG_CONFIG="/usr/lib/postgresql/$PG_MAJOR/bin/pg_config" install >&2
  )
  current=$(installed_version)
  version_at_least "${current:-0}" "$PGVECTOR_MIN" || fail "pgvector ${current:-?} was installed; $PGVECTOR_MIN or newer is needed"
fi

# 3. The cluster, the roles and the database.
server_after=$(server_version)
if [ "$server_after" != "$server_before" ]; then
  # Every running cluster of this major version (a replica too) still runs the old server.
  for cluster in $(pg_lsclusters -h | awk -v major="$PG_MAJOR" '$1 == major && $4 ~ /online/ { print $2 }'); do
    log "restarting cluster $PG_MAJOR/$cluster: its server was upgraded ($server_before -> $server_after)"
    pg_ctlcluster "$PG_MAJOR" "$cluster" restart >&2
  done
fi
if ! pg_lsclusters -h "$PG_MAJOR" main | grep -q online; then
  log "starting cluster $PG_MAJOR/main"
  pg_ctlcluster "$PG_MAJOR" main start >&2
fi
for _ in $(seq 1 30); do
  su postgres -c "psql -p $PORT -Atqc 'SELECT 1'" >/dev/null 2>&1 && break
  sleep 1
done

password=${CAIRN_PG_PASSWORD:-$(head -c 18 /dev/urandom | base64 | tr -d '/+=')}
[[ "$password" =~ ^[A-Za-z0-9_.-]+$ ]] || fail "CAIRN_PG_PASSWORD may hold only letters, digits, '_', '.' and '-'"
psql_admin() { su postgres -c "psql -p $PORT -v ON_ERROR_STOP=1 -Atq $*"; }
psql_admin "-d postgres -v owner=$OWNER -v app=$APP_ROLE -v password='$password'" >&2 <<'SQL'
SELECT format('CREATE ROLE %I LOGIN CREATEDB NOSUPERUSER NOCREATEROLE NOBYPASSRLS', :'owner')
  WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = :'owner') \gexec
SELECT format('ALTER ROLE %I LOGIN CREATEDB NOSUPERUSER NOBYPASSRLS PASSWORD %L', :'owner', :'password') \gexec
SELECT format('CREATE ROLE %I NOLOGIN NOINHERIT NOBYPASSRLS', :'app')
  WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = :'app') \gexec
SELECT format('ALTER ROLE %I NOLOGIN NOSUPERUSER NOBYPASSRLS', :'app') \gexec
SELECT format('GRANT %I TO %I', :'app', :'owner')
  WHERE NOT pg_has_role(:'owner', :'app', 'MEMBER') \gexec
SQL
psql_admin "-d postgres -v owner=$OWNER -v db=$DATABASE" >&2 <<'SQL'
SELECT format('CREATE DATABASE %I OWNER %I', :'db', :'owner')
  WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = :'db') \gexec
SQL
for db in template1 "$DATABASE"; do
  psql_admin "-d $db" >&2 <<'SQL'
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS vector;
ALTER EXTENSION vector UPDATE;
CREATE EXTENSION IF NOT EXISTS unaccent;
SQL
done
log "ready: owner $OWNER (migrates), runtime role $APP_ROLE (no BYPASSRLS), database $DATABASE on 127.0.0.1:$PORT"
echo "CAIRN_TEST_POSTGRES_URL=postgres://$OWNER:$password@127.0.0.1:$PORT/$DATABASE"
