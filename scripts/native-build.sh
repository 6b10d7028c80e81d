#!/usr/bin/env bash
# The install steps of the native add-ons, for CI's `npm ci --ignore-scripts` (.ci/run):
#   bash scripts/native-build.sh start   esbuild's and anvil's steps now (a second each); better-sqlite3's in the
#                                        background: it compiles SQLite (~70 s on one core) unless this machine
#                                        compiled the same version for the same Node before, while typecheck and
#                                        lint, which never load it, run
#   bash scripts/native-build.sh wait    the unit stage: waits for that build, then checks the add-on loads
# After a plain `npm install` (the README's way) there is nothing to wait for: `wait` only checks.
set -euo pipefail
cd "$(dirname "$0")/.."
lock=node_modules/.native-build.lock
log=node_modules/.native-build.log

# A compiled add-on is kept outside the checkout, keyed by better-sqlite3's version and Node's ABI, as npm keeps the
# packages it downloaded: a later clean clone on this machine copies it instead of compiling SQLite again. A copy
# that does not load is compiled over (`wait` checks).
addon=node_modules/better-sqlite3/build/Release/better_sqlite3.node
cache_dir="${XDG_CACHE_HOME:-$HOME/.cache}/tidewatch-native"
cache_key="better-sqlite3-$(node -p "require('better-sqlite3/package.json').version")-node-abi$(node -p process.versions.modules)-$(node -p "process.platform + '-' + process.arch").node"

build_better_sqlite3() {
  if [ -f "$cache_dir/$cache_key" ]; then
    mkdir -p "$(dirname "$addon")"
    cp "$cache_dir/$cache_key" "$addon"
    if node -e "new (require('better-sqlite3'))(':memory:').close()" 2>/dev/null; then
      echo "better-sqlite3: the add-on compiled earlier for this version and Node ABI ($cache_key)"
      return 0
    fi
  fi
  npm rebuild better-sqlite3 || return 1
  mkdir -p "$cache_dir" && cp "$addon" "$cache_dir/$cache_key.tmp" && mv "$cache_dir/$cache_key.tmp" "$cache_dir/$cache_key" || true
}

case "${1:-}" in
start)
  npm rebuild esbuild @foundry-rs/anvil >/dev/null
  : >"$lock"
  rm -f "$log.status"
  export -f build_better_sqlite3
  export addon cache_dir cache_key
  (flock "$lock" bash -c "build_better_sqlite3 >'$log' 2>&1; echo \$? >'$log.status'") &
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
