#!/usr/bin/env bash
# Runs one stage of the test command and says how long it took:
#   bash scripts/stage.sh unit npm run test:unit
# With STAGE_TIMES set to a file (.ci/run sets it), also appends "<name>\t<seconds>\t<ok|failed>" to it for the
# summary at the end of CI.
set -uo pipefail
name=$1
shift
start=$(date +%s)
"$@"
status=$?
seconds=$(( $(date +%s) - start ))
result=$([ "$status" = 0 ] && echo ok || echo failed)
echo "stage ${name}: ${seconds} s (${result})"
if [ -n "${STAGE_TIMES:-}" ]; then printf '%s\t%s\t%s\n' "$name" "$seconds" "$result" >>"$STAGE_TIMES"; fi
exit "$status"
