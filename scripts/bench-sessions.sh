#!/usr/bin/env bash
# npm run bench:sessions — issue 16's load: 200 logged-in sessions for a whole minute of mixed reads and writes over
# real HTTP, on PostgreSQL (a private cluster). CI runs the same test for 20 s on each database (decision 037).
# The last line: bench:sessions sessions=N seconds=N requests=N failures=N database=postgresql
set -uo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp)
CONCURRENCY_SECONDS="${CONCURRENCY_SECONDS:-60}" bash scripts/with-postgres.sh \
  npx vitest run --project server-db apps/server/test/concurrency.test.ts >"$log" 2>&1
status=$?
tail -n 15 "$log"
grep -o 'bench:sessions .*' "$log" | tail -n 1
rm -f "$log"
exit "$status"
