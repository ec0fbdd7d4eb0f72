#!/usr/bin/env bash
# Runs a command against a throwaway cluster of the machine's own (Debian) PostgreSQL, with
# TEST_DATABASE_URL pointing at it: proof that FilmRoom works on an external PostgreSQL.
#   debian-postgres.sh find          prints the version found, fails if there is none
#   debian-postgres.sh run CMD...    starts a cluster, runs CMD, removes the cluster
set -euo pipefail

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$bin" ] || [ ! -x "$bin/postgres" ]; then
  echo "no Debian PostgreSQL found" >&2
  exit 1
fi
if [ "${1:-}" = find ]; then
  "$bin/postgres" --version
  exit 0
fi
shift

# Postgres will not run as root; run it as the package's own system user.
as_postgres() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

cluster=$(mktemp -d /tmp/filmroom-debian-pg-XXXXXX)
chmod 755 "$cluster"
[ "$(id -u)" = 0 ] && chown postgres "$cluster"
port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')

cleanup() {
  as_postgres "$bin/pg_ctl" -D "$cluster/data" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$cluster"
}
trap cleanup EXIT

as_postgres "$bin/initdb" -D "$cluster/data" -U filmroom --auth=trust >/dev/null
as_postgres "$bin/pg_ctl" -D "$cluster/data" -l "$cluster/log" -w \
  -o "-p $port -c listen_addresses=127.0.0.1 -c unix_socket_directories=" start >/dev/null

TEST_DATABASE_URL="postgres://filmroom@127.0.0.1:$port/postgres" "$@"
