#!/usr/bin/env bash
# Runs a command against a private, throw-away PostgreSQL cluster:
#   bash scripts/with-postgres.sh npx vitest run --project server
# The cluster lives in a temp dir, listens on loopback on a free port, and is removed afterwards.
# TEST_DATABASE_URL is the admin URL; the server's test helper creates one fresh database per app it builds.
set -euo pipefail

pg_bin=$(bash "$(dirname "$0")/ensure-postgres.sh")

dir=$(mktemp -d)
port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
run_as=()
if [ "$(id -u)" = "0" ]; then
  # initdb refuses to run as root: hand the cluster to the postgres user.
  id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
  chown postgres "$dir"
  run_as=(runuser -u postgres --)
fi

cleanup() {
  "${run_as[@]}" "$pg_bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT

"${run_as[@]}" "$pg_bin/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --no-sync >/dev/null
"${run_as[@]}" "$pg_bin/pg_ctl" -D "$dir/data" -l "$dir/postgres.log" -w \
  -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c jit=off -c max_connections=200" start >/dev/null

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
echo "with-postgres: PostgreSQL $("$pg_bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port" >&2
"$@"
