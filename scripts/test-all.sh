#!/usr/bin/env bash
# The one test command: installs what the tests need, then runs every suite.
# Needs PostgreSQL on 127.0.0.1:5432 (user postgres, trust auth); Redis is optional.
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
start=$(date +%s)
step() { printf '\n=== %s (%ss)\n' "$1" "$(($(date +%s) - start))"; }

step "chromium"
bash scripts/ensure-chromium.sh
bash scripts/ensure-nginx.sh
step "install (npm install honours package-lock.json; see docs/decisions/006)"
npm install --no-audit --no-fund --loglevel=error
step "build"
npm run build --silent
step "first load of / within DESIGN §6 (gzip sizes of the built files, bench/bundle-size.ts)"
npx tsx bench/bundle-size.ts --dist apps/web/dist
step "lint, types, format"
npm run lint --silent
npm run typecheck --silent
npm run format:check --silent
rm -rf .test-results && mkdir -p .test-results
step "unit tests"
npx vitest run --project core --project server-unit --project web --project tooling \
  --reporter=default --reporter=json --outputFile.json=.test-results/unit.json
step "integration tests (SQLite and PostgreSQL)"
npx vitest run --project server-integration \
  --reporter=default --reporter=json --outputFile.json=.test-results/integration.json
step "end-to-end tests (Chromium)"
PLAYWRIGHT_JSON_OUTPUT_FILE="$PWD/.test-results/e2e.json" npm run test:e2e --silent
step "summary"
node scripts/summarize-tests.mjs
