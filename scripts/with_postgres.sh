#!/usr/bin/env bash
# Run a command against a throwaway PostgreSQL server.
#
#   scripts/with_postgres.sh CMD [ARG...]
#
# Creates a cluster in a temp dir (trust auth, superuser "postgres", UTF8), starts it on a free
# port on 127.0.0.1, runs CMD with DATABASE_URL=postgres://postgres@127.0.0.1:PORT/postgres,
# then always stops the server and deletes the cluster. Exits with CMD's exit code.
# Works as root (CI): the server runs as the "postgres" system user, CMD as the caller.
set -euo pipefail

if [[ $# -eq 0 ]]; then
    echo "usage: $0 CMD [ARG...]" >&2
    exit 2
fi

find_bindir() {
    local dir
    if command -v pg_config >/dev/null 2>&1; then
        dir="$(pg_config --bindir 2>/dev/null || true)"
        if [[ -n "$dir" && -x "$dir/initdb" && -x "$dir/pg_ctl" ]]; then
            echo "$dir"
            return
        fi
    fi
    # Debian keeps server binaries out of PATH; take the newest major version installed.
    for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
        if [[ -x "$dir/initdb" && -x "$dir/pg_ctl" ]]; then
            echo "$dir"
            return
        fi
    done
    if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
        dirname "$(command -v initdb)"
        return
    fi
    return 1
}

if ! BINDIR="$(find_bindir)"; then
    echo "error: PostgreSQL server binaries (initdb, pg_ctl) not found." >&2
    echo "       Looked at 'pg_config --bindir', /usr/lib/postgresql/*/bin and PATH." >&2
    echo "       On Debian: apt-get install postgresql" >&2
    exit 127
fi

# initdb and postgres refuse to run as root: as root, run them as the postgres system user.
if [[ "$(id -u)" -eq 0 ]]; then
    if ! id postgres >/dev/null 2>&1; then
        echo "error: running as root but there is no 'postgres' system user to run the server." >&2
        exit 1
    fi
    as_server_user() { (cd "$TMP" && runuser -u postgres -- "$@"); }
else
    as_server_user() { (cd "$TMP" && "$@"); }
fi

TMP="$(mktemp -d /tmp/with_postgres.XXXXXX)"
DATA="$TMP/data"
LOG="$TMP/postgres.log"
STARTED=0

cleanup() {
    local rc=$?
    if [[ "$STARTED" -eq 1 ]]; then
        as_server_user "$BINDIR/pg_ctl" -D "$DATA" -m fast -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$TMP"
    exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

if [[ "$(id -u)" -eq 0 ]]; then
    chown postgres: "$TMP"
fi
chmod 700 "$TMP"

as_server_user "$BINDIR/initdb" -D "$DATA" -A trust -U postgres -E UTF8 --no-locale --no-sync \
    >"$TMP/initdb.log" 2>&1 || {
    echo "error: initdb failed:" >&2
    cat "$TMP/initdb.log" >&2
    exit 1
}

free_port() {
    if command -v python3 >/dev/null 2>&1 \
        && python3 -c 'import socket
s = socket.socket()
s.bind(("127.0.0.1", 0))
print(s.getsockname()[1])' 2>/dev/null; then
        return
    fi
    # No Python: probe ports with bash's /dev/tcp until one refuses connections.
    local port
    for port in $(shuf -i 20000-60000 -n 50); do
        if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
            echo "$port"
            return
        fi
    done
    return 1
}

# A port found free can be taken before the server binds it: try a few.
# fsync and friends are off: the cluster is deleted when CMD ends.
for attempt in 1 2 3 4 5; do
    PORT="$(free_port)"
    if as_server_user "$BINDIR/pg_ctl" -D "$DATA" -l "$LOG" -w -t 60 start \
        -o "-p $PORT -k $TMP -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
        >/dev/null; then
        STARTED=1
        break
    fi
    echo "warning: PostgreSQL did not start on port $PORT (attempt $attempt)." >&2
done
if [[ "$STARTED" -ne 1 ]]; then
    echo "error: could not start PostgreSQL; its log:" >&2
    cat "$LOG" >&2 || true
    exit 1
fi

export DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
echo "$("$BINDIR/postgres" --version) on 127.0.0.1:$PORT (DATABASE_URL exported)" >&2

set +e
"$@"
rc=$?
set -e
exit "$rc"
