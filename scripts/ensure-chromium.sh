#!/usr/bin/env bash
# The e2e suite drives Debian's Chromium through playwright-core (Playwright's own browser download cannot
# work without internet access). Install it when it is missing; CHROMIUM_PATH overrides the location.
set -euo pipefail
browser="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$browser" ]; then exit 0; fi
echo "ensure-chromium: $browser not found, installing Debian's chromium package (about a minute)" >&2
if [ "$(id -u)" != "0" ]; then
  if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
    echo "ensure-chromium: need root to install chromium; run: apt-get install -y chromium" >&2; exit 1
  fi
else sudo=""; fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
[ -x "$browser" ] || { echo "ensure-chromium: chromium still not found at $browser" >&2; exit 1; }
