#!/usr/bin/env bash
# The Debian packages the tests use: Chromium's headless shell for the browser tests (Playwright
# never downloads a browser of its own; the full browser is used when the shell is missing),
# ffmpeg for the media, and pocketsphinx, the offline speech-to-text engine for voice notes.
set -euo pipefail

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium fonts-liberation)
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
# A current ffmpeg (Debian 12 has 5.1) for the media FilmRoom reads; without it the static 4.1
# build from npm is used, with a warning.
command -v ffmpeg >/dev/null && command -v ffprobe >/dev/null || missing+=(ffmpeg)
command -v pocketsphinx_continuous >/dev/null && [ -d /usr/share/pocketsphinx/model/en-us ] ||
  missing+=(pocketsphinx pocketsphinx-en-us)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "==> Installing Debian packages: ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
else
  echo "The tests need these Debian packages. Install them with:" >&2
  echo "  sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
