#!/usr/bin/env bash
# Chooses the PostgreSQL pass again (decision 039): every server database test on PostgreSQL, each file's code
# blocks recorded (coverage-setup.ts), then select.ts writes apps/server/test/postgres-pass.json. About eight
# minutes on two cores; run it after adding or changing database tests, and commit the file it writes.
set -euo pipefail
cd "$(dirname "$0")/../.."
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
POSTGRES_PASS_ALL=1 POSTGRES_PASS_COVERAGE_DIR="$dir" bash scripts/with-postgres.sh npx vitest run --project server-db
npx tsx scripts/postgres-pass/select.ts "$dir"
