#!/usr/bin/env bash
# The one test command: installs what the tests need, then runs every suite.
# Needs PostgreSQL on 127.0.0.1:5432 (user postgres, trust auth); installs Chromium, nginx and
# redis-server from Debian's packages when they are missing.
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
start=$(date +%s)
# Each step's start is also written to .test-results/steps.tsv, for the summary's timings.
step() {
  printf '\n=== %s (%ss)\n' "$1" "$(($(date +%s) - start))"
  printf '%s\t%s\n' "$(($(date +%s) - start))" "$1" >>.test-results/steps.tsv
}

# On a failure, what went wrong is repeated at the very end, where a short tail of the output
# (all a CI page may show) still holds it: each Vitest suite's unhandled errors and failed tests.
failure_digest() {
  local rc=$?
  [ "$rc" -eq 0 ] && return
  printf '\n=== failed (exit %s) after %ss; the errors again:\n' "$rc" "$(($(date +%s) - start))"
  for log in .test-results/*.log; do
    [ -f "$log" ] || continue
    sed 's/\x1b\[[0-9;]*m//g' "$log" |
      awk '/^⎯+ (Unhandled Error|Failed Tests|Failed Suites)/ { on = 1 } on && NF' |
      grep -v '^ *❯ .*node_modules\|^ *❯ .*node:internal' | head -n 40
  done
}
trap failure_digest EXIT
rm -rf .test-results && mkdir -p .test-results

step "machine: Chromium, nginx, redis-server"
bash scripts/ensure-chromium.sh
bash scripts/ensure-nginx.sh
bash scripts/ensure-redis.sh
step "install (npm install honours package-lock.json; see docs/decisions/006)"
npm install --no-audit --no-fund --loglevel=error
step "build"
npm run build --silent
step "first load of / within its budget (gzip sizes of the built files, bench/bundle-size.ts)"
npx tsx bench/bundle-size.ts --dist apps/web/dist
step "message catalogs in step with the code, every language complete (npm run i18n:check)"
npm run i18n:check --silent -w @focusroom/web
step "lint, types, format"
# The type check runs beside the linter: each is one thread, and the machine has two cores.
npm run typecheck --silent >.test-results/typecheck.log 2>&1 &
typecheck=$!
npm run lint --silent
npm run format:check --silent
typecheck_rc=0
wait "$typecheck" || typecheck_rc=$?
cat .test-results/typecheck.log
if [ "$typecheck_rc" -ne 0 ]; then
  echo "type check failed (exit $typecheck_rc)"
  exit "$typecheck_rc"
fi
step "unit tests"
npx vitest run --project core --project server-unit --project web --project tooling \
  --reporter=default --reporter=json --outputFile.json=.test-results/unit.json 2>&1 |
  tee .test-results/unit.log
step "integration tests (SQLite and PostgreSQL)"
npx vitest run --project server-integration \
  --reporter=default --reporter=json --outputFile.json=.test-results/integration.json 2>&1 |
  tee .test-results/integration.log
step "end-to-end tests (Chromium)"
PLAYWRIGHT_JSON_OUTPUT_FILE="$PWD/.test-results/e2e.json" npm run test:e2e --silent
step "summary"
TEST_STARTED_AT="$start" node scripts/summarize-tests.mjs
