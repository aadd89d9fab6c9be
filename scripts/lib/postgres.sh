# Starts a throw-away PostgreSQL cluster in a temp directory on a free loopback port and exports
# TEST_DATABASE_URL; `stop_postgres` stops it and removes the directory. Sourced by test.sh and
# the API benchmark. initdb refuses to run as root, so as root the server runs as `postgres`.
pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
pg_dir=""

as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

start_postgres() {
  pg_dir=$(mktemp -d /tmp/countersign-pg.XXXXXX)
  [ "$(id -u)" = 0 ] && chown postgres "$pg_dir"
  local port
  port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
  as_pg "$pg_bin/initdb" -D "$pg_dir/data" -U postgres -A trust --no-sync >/dev/null
  as_pg "$pg_bin/pg_ctl" -D "$pg_dir/data" -l "$pg_dir/log" -w \
    -o "-p $port -k $pg_dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null
  export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
  echo "PostgreSQL on port $port"
}

stop_postgres() {
  [ -n "$pg_dir" ] || return 0
  as_pg "$pg_bin/pg_ctl" -D "$pg_dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$pg_dir"
}
