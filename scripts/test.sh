#!/usr/bin/env bash
# Every test FilmRoom has, on a fresh machine or a used one: types, lint, unit and integration
# tests (Vitest on a real PostgreSQL), then browser tests (Playwright driving Debian's Chromium
# against the production build). Installs what is missing first.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "==> Installing dependencies (npm ci)"
  npm ci --no-audit --no-fund
fi

bash scripts/ensure-system-tools.sh

results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT

echo "==> Type check"
npm run --silent typecheck
echo "==> Lint"
npm run --silent lint

echo "==> Unit and integration tests (embedded PostgreSQL)"
npx vitest run --reporter=default --reporter=json --outputFile.json="$results/vitest.json"

reports=(vitest.json playwright.json)
if debian_pg=$(bash scripts/debian-postgres.sh find 2>/dev/null); then
  reports+=(vitest-external.json)
  echo "==> Server tests again on Debian's PostgreSQL ($debian_pg): the DATABASE_URL path"
  bash scripts/debian-postgres.sh run npx vitest run --project server \
    --reporter=default --reporter=json --outputFile.json="$results/vitest-external.json"
fi

echo "==> Browser tests (production build, Debian Chromium)"
PLAYWRIGHT_JSON_OUTPUT_NAME="$results/playwright.json" npm run --silent test:e2e

node scripts/summarize-tests.mjs "$results" "${reports[@]}"
