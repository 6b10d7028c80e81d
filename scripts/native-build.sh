#!/usr/bin/env bash
# The install steps of the native add-ons, for CI's `npm ci --ignore-scripts` (.ci/run):
#   bash scripts/native-build.sh start   esbuild's and anvil's steps now (a second each); better-sqlite3's in the
#                                        background: it compiles SQLite (~70 s on one core), while typecheck, lint
#                                        and the unit tests that never load it (web, shared, testkit) run
#   bash scripts/native-build.sh wait    the unit stage, before the server's tests: waits for that build, then
#                                        checks the add-on loads
# After a plain `npm install` (the README's way) there is nothing to wait for: `wait` only checks.
set -euo pipefail
cd "$(dirname "$0")/.."
lock=node_modules/.native-build.lock
log=node_modules/.native-build.log

case "${1:-}" in
start)
  npm rebuild esbuild @foundry-rs/anvil >/dev/null
  : >"$lock"
  rm -f "$log.status"
  (flock "$lock" bash -c "npm rebuild better-sqlite3 >'$log' 2>&1; echo \$? >'$log.status'") &
  # Return only once the build holds the lock, so that `wait` cannot pass before it starts.
  while flock -n "$lock" true && [ ! -f "$log.status" ]; do sleep 0.1; done
  ;;
wait)
  if [ -f "$lock" ]; then
    flock "$lock" true
    if [ "$(cat "$log.status" 2>/dev/null)" != 0 ]; then
      cat "$log" >&2
      echo "native-build: better-sqlite3 did not build" >&2
      exit 1
    fi
  fi
  node -e "new (require('better-sqlite3'))(':memory:').close()"
  ;;
*)
  echo "usage: bash scripts/native-build.sh start|wait" >&2
  exit 2
  ;;
esac
