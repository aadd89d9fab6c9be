#!/usr/bin/env bash
# The README's test command (`npm test`). Installs the Debian tools the tests need when they are
# missing and we are root, checks formatting, lint and types, starts a throw-away PostgreSQL
# cluster, runs every unit and database test (SQLite and PostgreSQL), then the Playwright journeys
# in Debian's Chromium. Whatever it started is stopped on exit, pass or fail.
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

# --- static checks ---------------------------------------------------------------------------
step "format"
npx prettier --check . --log-level warn
step "lint"
npx eslint --max-warnings=0 .
step "typecheck"
npm run typecheck --silent

# --- throw-away PostgreSQL -------------------------------------------------------------------
source scripts/lib/postgres.sh
trap stop_postgres EXIT
step "starting PostgreSQL"
start_postgres

# --- tests -----------------------------------------------------------------------------------
step "unit and database tests (SQLite and PostgreSQL)"
npx vitest run
step "end-to-end (Playwright, Chromium)"
node scripts/e2e.mjs
echo "all checks passed"
