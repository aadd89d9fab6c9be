#!/usr/bin/env bash
# Runs bench/bulk-send.ts on SQLite and on a throw-away PostgreSQL cluster.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/postgres.sh
trap stop_postgres EXIT
start_postgres
npx tsx bench/bulk-send.ts
