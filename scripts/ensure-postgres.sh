#!/usr/bin/env bash
# Prints the folder of PostgreSQL's server binaries (initdb, pg_ctl, postgres), installing Debian's postgresql
# package first when none is found. CI runs it once before anything else needs it: two runs of apt-get at once
# would fight over its lock.
set -euo pipefail
for candidate in "$(dirname "$(command -v initdb 2>/dev/null || echo /nonexistent)")" /usr/lib/postgresql/*/bin; do
  if [ -x "$candidate/initdb" ] && [ -x "$candidate/pg_ctl" ]; then echo "$candidate"; exit 0; fi
done
echo "ensure-postgres: PostgreSQL server binaries not found; installing Debian's postgresql package" >&2
apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1
