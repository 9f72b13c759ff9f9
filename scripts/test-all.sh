#!/usr/bin/env bash
# Installs what the tests need, then runs every test (Vitest, then Playwright) and prints one summary line.
set -uo pipefail
cd "$(dirname "$0")/.."

node scripts/setup-os.mjs || exit 1
# `npm install`, not `npm ci`: the lock holds only this platform's optional packages, which `npm ci` refuses.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm install --no-audit --no-fund || exit 1
fi
npm run --silent build || exit 1
rm -rf test-results && mkdir -p test-results
# Lint and format count as one check: the import boundaries of the architecture live there.
npm run --silent lint > test-results/lint.log 2>&1; echo $? > test-results/lint.exit

# A throwaway home per run: Chromium, the keychain and the CLI write nothing into the real one.
run_home=$(mktemp -d)
trap 'rm -rf "$run_home"' EXIT
export HOME="$run_home" XDG_DATA_HOME="$run_home/data" XDG_CONFIG_HOME="$run_home/config" XDG_CACHE_HOME="$run_home/cache"
mkdir -p "$XDG_DATA_HOME" "$XDG_CONFIG_HOME" "$XDG_CACHE_HOME"

# A virtual display for headed browsers, and a session bus with an unlocked keyring for keytar.
inner='echo -n svc-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1
npx vitest run; echo $? > test-results/vitest.exit
if [ -f playwright.config.ts ]; then npx playwright test; echo $? > test-results/playwright.exit; fi'
xvfb-run -a dbus-run-session -- bash -c "$inner"

node scripts/summarize-tests.mjs
