#!/usr/bin/env bash
# npm run test:faults: the fault suite (apps/server/faults), then its last line with the counts of every file.
set -u
dir=$(mktemp -d)
FAULTS_REPORT_DIR="$dir" npx vitest run --project faults "$@"
status=$?
npx tsx scripts/faults-report.ts "$dir"
rm -rf "$dir"
exit $status
