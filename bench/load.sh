#!/usr/bin/env bash
# Runs bench/load.ts (flags passed on) on SQLite and on PostgreSQL: the cluster TEST_DATABASE_URL
# names, or else a throw-away one started here.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${TEST_DATABASE_URL:-}" ]; then
  source scripts/lib/postgres.sh
  trap stop_postgres EXIT
  start_postgres
fi
npx tsx bench/load.ts "$@"
