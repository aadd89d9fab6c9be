#!/usr/bin/env bash
# The README's test command (`npm test`). Installs the Debian tools the tests need when they are
# missing and we are root, starts a throw-away PostgreSQL cluster, runs every unit and database
# test (SQLite and PostgreSQL) while formatting, lint, types and the web build are checked beside
# them, then the Playwright journeys in Debian's Chromium, both databases at once. A failure of
# any of these fails the run; each check's output is printed under its own heading. Whatever it
# started is stopped on exit, pass or fail (ADR 066).
set -euo pipefail
cd "$(dirname "$0")/.."
root_dir=$(pwd)

step() { printf '\n=== %s ===\n' "$*"; }

# --- system packages -------------------------------------------------------------------------
missing=()
pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
command -v chromium >/dev/null || missing+=(chromium)
command -v pdfsig >/dev/null || missing+=(poppler-utils)
command -v qpdf >/dev/null || missing+=(qpdf)
command -v certutil >/dev/null || missing+=(libnss3-tools)
command -v faketime >/dev/null || missing+=(faketime)
command -v gs >/dev/null || missing+=(ghostscript)
command -v mutool >/dev/null || missing+=(mupdf-tools)
[ -n "$pg_bin" ] && [ -x "$pg_bin/initdb" ] || missing+=(postgresql)
if ((${#missing[@]})); then
  if [ "$(id -u)" = 0 ]; then
    step "installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "missing system packages: ${missing[*]} (run as root to install them, or install them yourself)" >&2
    exit 1
  fi
fi

# --- what runs in the background, and its removal ---------------------------------------------
source scripts/lib/postgres.sh
checks_dir=$(mktemp -d /tmp/countersign-checks.XXXXXX)
checks_pid=""
cleanup() {
  # the checks run in a process group of their own (set -m below): end it whole
  if [ -n "$checks_pid" ] && kill -0 "$checks_pid" 2>/dev/null; then
    kill -- "-$checks_pid" 2>/dev/null || true
    wait "$checks_pid" 2>/dev/null || true
  fi
  stop_postgres
  rm -rf "$checks_dir"
}
trap cleanup EXIT

step "starting PostgreSQL"
start_postgres

# --- static checks and the web build, beside the tests ----------------------------------------
# One after the other, beside vitest's workers: each writes its output and its result to files
# of its own, printed once the tests are done.
checks=(format lint typecheck "web build")
run_check() {
  local name=$1
  shift
  local started=$SECONDS
  if "$@" >"$checks_dir/$name.log" 2>&1; then
    echo "passed in $((SECONDS - started)) s" >"$checks_dir/$name.result"
  else
    echo "FAILED (exit $?) after $((SECONDS - started)) s" >"$checks_dir/$name.result"
  fi
}
set -m
(
  run_check format npx prettier --check . --log-level warn
  run_check lint npx eslint --max-warnings=0 .
  run_check typecheck npm run typecheck --silent
  run_check "web build" node scripts/lib/web-build.mjs
) &
checks_pid=$!
set +m
step "format, lint, typecheck and web build started beside the tests"

# --- tests -----------------------------------------------------------------------------------
# vitest's default is one worker fewer than the cores: one here, while most test files wait on
# PostgreSQL, subprocesses and servers more than they compute. TEST_WORKERS overrides.
step "unit and database tests (SQLite and PostgreSQL)"
tests_status=0
npx vitest run --maxWorkers="${TEST_WORKERS:-2}" || tests_status=$?

wait "$checks_pid" || true
checks_pid=""
checks_failed=0
for name in "${checks[@]}"; do
  result=$(cat "$checks_dir/$name.result" 2>/dev/null || echo "FAILED (did not finish)")
  step "$name: $result"
  [ -s "$checks_dir/$name.log" ] && cat "$checks_dir/$name.log"
  [[ $result == passed* ]] || checks_failed=1
done

if [ "$tests_status" != 0 ] || [ "$checks_failed" != 0 ]; then
  [ "$tests_status" != 0 ] && echo "unit and database tests FAILED (exit $tests_status)" >&2
  [ "$checks_failed" != 0 ] && echo "a static check or the web build FAILED (see above)" >&2
  exit 1
fi

step "end-to-end (Playwright, Chromium, SQLite and PostgreSQL side by side)"
node scripts/e2e.mjs
echo "all checks passed"
