#!/usr/bin/env bash
# Every test FilmRoom has, on a fresh machine or a used one: types, lint, unit and integration
# tests (Vitest on a real PostgreSQL), then browser tests (Playwright driving Debian's Chromium
# against the production build). Installs what is missing first.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each stage's heading says when it began, so a slow run shows which stage grew.
heading() { echo "==> $* [$(date -u +%T), ${SECONDS} s in]"; }

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  heading "Installing dependencies (npm ci)"
  npm ci --no-audit --no-fund --prefer-offline
fi

bash scripts/ensure-system-tools.sh

results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT

# Each is a dozen single-threaded programs (tsc per package, eslint, prettier, knip): run side by
# side they take half the time on two cores.
heading "Type check and lint"
npx concurrently --group --names types,lint "npm run --silent typecheck" "npm run --silent lint"

heading "Unit and integration tests (embedded PostgreSQL)"
# The media commands and the HLS they serve run below on the default install's ffmpeg instead.
npx vitest run --project '!media' --exclude '**/uploads/streaming.test.ts' \
  --reporter=default --reporter=json --outputFile.json="$results/vitest.json"

# What `npm install && npm start` gives a machine without Debian's ffmpeg: the static build from
# npm (4.1, 2018). Every command line FilmRoom builds must work on it as on a current FFmpeg.
media_on_bundled_ffmpeg() {
  heading "Media tests on the bundled ffmpeg (the default install's)"
  bundled() { (cd packages/media && node -p "require('$1').path"); }
  FFMPEG_PATH=$(bundled @ffmpeg-installer/ffmpeg) FFPROBE_PATH=$(bundled @ffprobe-installer/ffprobe) \
    npx vitest run --project media --project server packages/media/ apps/server/src/modules/uploads/streaming.test.ts \
    --reporter=default --reporter=json --outputFile.json="$results/vitest-bundled-ffmpeg.json"
}

evaluation() {
  heading "Evaluation over the labelled clips (npm run eval, asserted)"
  npx vitest run --root eval \
    --reporter=default --reporter=json --outputFile.json="$results/vitest-eval.json"
}

debian_postgres() {
  heading "Server tests again on Debian's PostgreSQL ($debian_pg): the DATABASE_URL path"
  # The SQL is what differs between the two servers, and these files reach nearly all of it in
  # CI's time budget: the permission matrix calls every route as every kind of role, the videos
  # module holds the library's queries, the doctor and sweeps read every table, and the job
  # queue is pg-boss's own schema. The rest ran above on the embedded server.
  bash scripts/debian-postgres.sh run npx vitest run --project server \
    src/permissions.test.ts src/modules/videos/videos.test.ts src/modules/videos/video-list \
    src/modules/videos/video-page src/modules/videos/resumable-uploads.test.ts \
    src/maintenance/ src/jobs/job-heartbeats src/jobs/pg-boss-10-upgrade \
    --reporter=default --reporter=json --outputFile.json="$results/vitest-external.json"
}

# Runs stages side by side, each into its own log, then prints the logs in order; fails if any
# failed. The stages below keep about one core busy each (measured: the media tests and the
# evaluation took 51 s side by side, 70 s one after the other).
side_by_side() {
  local pids=() failed=0
  for stage in "$@"; do
    "$stage" > "$results/$stage.log" 2>&1 &
    pids+=($!)
  done
  for index in "${!pids[@]}"; do
    wait "${pids[$index]}" || failed=1
    cat "$results/${*:$((index + 1)):1}.log"
  done
  return "$failed"
}

reports=(vitest.json vitest-bundled-ffmpeg.json vitest-eval.json playwright.json)
stages=(media_on_bundled_ffmpeg evaluation)
if debian_pg=$(bash scripts/debian-postgres.sh find 2>/dev/null); then
  reports+=(vitest-external.json)
  stages+=(debian_postgres)
fi
side_by_side "${stages[@]}"

heading "Browser tests (production build, Debian Chromium)"
PLAYWRIGHT_JSON_OUTPUT_NAME="$results/playwright.json" npm run --silent test:e2e
heading "Bundle budget (the build the browser tests ran on)" && node scripts/check-bundle-budget.mjs

node scripts/summarize-tests.mjs "$results" "${reports[@]}"
echo "==> All stages done in ${SECONDS} s"
