#!/usr/bin/env bash
# Starts a PgBouncer (Debian's pgbouncer) in transaction pooling mode on loopback, in front of
# the PostgreSQL server at 127.0.0.1:5432, for the CI's PostgreSQL pass and the benchmark
# (issue 45). Every database name is passed through, so tests that create their own databases
# reach them through it.
#
#   scripts/pgbouncer.sh start PORT DIR [POOL_SIZE]   writes DIR/pgbouncer.ini, starts it, waits
#   scripts/pgbouncer.sh stop DIR                     stops the one started in DIR
#
# PgBouncer refuses to run as root, so it runs as the postgres account, which owns DIR.
set -euo pipefail

command=${1:?start or stop}
case "$command" in
  start)
    port=${2:?port}
    dir=${3:?directory}
    pool=${4:-20}
    if ! command -v pgbouncer >/dev/null; then
      apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq pgbouncer >/dev/null
    fi
    mkdir -p "$dir"
    # trust: PostgreSQL here trusts loopback; PgBouncer still wants the user in its list.
    echo '"postgres" ""' >"$dir/userlist.txt"
    cat >"$dir/pgbouncer.ini" <<INI
[databases]
* = host=127.0.0.1 port=5432

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $port
unix_socket_dir =
auth_type = trust
auth_file = $dir/userlist.txt
admin_users = postgres
pool_mode = transaction
default_pool_size = $pool
max_client_conn = 2000
max_db_connections = 0
server_idle_timeout = 10
pidfile = $dir/pgbouncer.pid
logfile = $dir/pgbouncer.log
INI
    chown -R postgres "$dir"
    runuser -u postgres -- pgbouncer -d "$dir/pgbouncer.ini"
    for _ in $(seq 1 50); do
      pg_isready -h 127.0.0.1 -p "$port" -q && exit 0
      sleep 0.1
    done
    echo "PgBouncer did not start on port $port; its log:" >&2
    cat "$dir/pgbouncer.log" >&2 || true
    exit 1
    ;;
  stop)
    dir=${2:?directory}
    if [ -f "$dir/pgbouncer.pid" ]; then
      kill "$(cat "$dir/pgbouncer.pid")" 2>/dev/null || true
    fi
    ;;
  *)
    echo "usage: $0 start PORT DIR [POOL_SIZE] | stop DIR" >&2
    exit 2
    ;;
esac
