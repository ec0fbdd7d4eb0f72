#!/usr/bin/env bash
# The browser tests drive Debian's Chromium; Playwright never downloads a browser of its own.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "==> Installing Debian's Chromium for the browser tests"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-liberation >/dev/null
else
  echo "The browser tests need Debian's Chromium. Install it with:" >&2
  echo "  sudo apt-get install -y chromium" >&2
  exit 1
fi
