#!/usr/bin/env bash
# The whole test suite: typecheck, lint, unit + integration (Vitest), browser tests (Playwright).
# PostgreSQL and multi-node suites run when DATABASE_URL / REDIS_URL are set (.ci/run sets both).
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian packages the tests drive: chromium (browser tests), haproxy (the two-node failover test).
apt_install() {
  local sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get install -y "$@" || { $sudo_cmd apt-get update && $sudo_cmd apt-get install -y "$@"; }
}
command -v chromium >/dev/null 2>&1 || { echo "Installing Debian's chromium for the browser tests"; apt_install chromium; }
command -v haproxy >/dev/null 2>&1 || { echo "Installing Debian's haproxy for the failover test"; apt_install haproxy; }
command -v janus >/dev/null 2>&1 || { echo "Installing Debian's janus for the voice tests"; apt_install janus; }

[ -n "${DATABASE_URL:-}" ] || echo "note: DATABASE_URL not set: PostgreSQL suites are skipped"
[ -n "${REDIS_URL:-}" ] || echo "note: REDIS_URL not set: the multi-node suite is skipped"

mkdir -p test-results
npm run typecheck
npm run lint
npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json
# Janus with real peers, inside a private network namespace (test traffic never leaves the machine).
if [ "$(id -u)" -eq 0 ]; then
  bash scripts/netns-run.sh npx vitest run apps/media/test/janus --reporter=default --reporter=json \
    --outputFile.json=test-results/vitest-janus.json
else
  echo "note: not root: the Janus suite in a network namespace is skipped (bash scripts/netns-run.sh as root)"
fi
npm run build
# Both browser runs report outside e2e/test-results/, which each Playwright run empties when it starts.
CI=1 E2E_RESULTS=../test-results/e2e.json npm run test:e2e
# Voice through Janus with Chromium's fake devices, inside a private network namespace (root only).
if [ "$(id -u)" -eq 0 ]; then
  (cd e2e && CI=1 E2E_RESULTS=../test-results/e2e-voice.json bash ../scripts/netns-run.sh \
    env -u DATABASE_URL -u REDIS_URL npx playwright test tests/voice.spec.ts)
else
  echo "note: not root: the voice browser test in a network namespace is skipped"
fi
reports=(test-results/vitest.json test-results/e2e.json)
[ "$(id -u)" -eq 0 ] && reports+=(test-results/vitest-janus.json test-results/e2e-voice.json)
node scripts/summary.mjs "${reports[@]}"
