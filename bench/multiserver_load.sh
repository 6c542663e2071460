#!/usr/bin/env bash
# Three `engram serve` on one PostgreSQL store (issue 22): starts a throwaway PostgreSQL 16
# (scripts/pg_test_server.py, loopback only), three servers with one vault key and the hashing
# embedder, then an open-loop mixed load spread round-robin over the three: RATE req/s for
# DURATION s, REMEMBER_SHARE of them remembers (SYNC_SHARE of those with ?sync=true, the rest
# async 202), the others recalls. Prints serve_load's JSON: success rate, p50/p95/p99/max ms
# overall and per kind (latency counted from each request's scheduled time), and how long the
# ingest workers took to catch up. SESSIONS (default 1) spreads the remembers over that many
# sessions: one session's requests are processed in order, by one worker at a time. Not in
# ctest. PG_DURABLE=1 runs PostgreSQL with its default durability (fsync on; the test server
# turns it off).
#   bench/multiserver_load.sh [BUILD_DIR]   env: RATE DURATION REMEMBER_SHARE SYNC_SHARE THREADS
#                                                 PG_VERSION WORKERS SESSIONS PG_DURABLE
set -euo pipefail
BUILD=${1:-build/release}
RATE=${RATE:-100}; DURATION=${DURATION:-60}; REMEMBER_SHARE=${REMEMBER_SHARE:-0.5}
SYNC_SHARE=${SYNC_SHARE:-0.3}; THREADS=${THREADS:-32}; PG_VERSION=${PG_VERSION:-16}
WORKERS=${WORKERS:-2}; SESSIONS=${SESSIONS:-1}; PG_DURABLE=${PG_DURABLE:-0}
HERE=$(cd "$(dirname "$0")" && pwd)
ENGRAM=$BUILD/apps/cli/engram
LOAD=$BUILD/bench/serve_load
DIR=$(mktemp -d /tmp/engram-mserve-XXXXXX)
PIDS=()
cleanup() {
  for p in "${PIDS[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
  for p in "${PIDS[@]}"; do wait "$p" 2>/dev/null || true; done
  python3 "$HERE/../scripts/pg_test_server.py" stop "$DIR/pg" >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap cleanup EXIT
DURABLE=(); [ "$PG_DURABLE" = 1 ] && DURABLE=(--durable)
python3 "$HERE/../scripts/pg_test_server.py" start "$DIR/pg" --version "$PG_VERSION" \
  "${DURABLE[@]}" >&2
STORE=$(python3 - "$DIR/pg/dsn" <<'EOF'
import sys
kv = dict(p.split("=", 1) for p in open(sys.argv[1]).read().split())
print("postgres://%s@%s:%s/%s?schema=bench" % (kv["user"], kv["host"], kv["port"], kv["dbname"]))
EOF
)
export ENGRAM_VAULT_KEY
ENGRAM_VAULT_KEY=$(python3 -c 'import secrets; print(secrets.token_hex(32))')
KEY=$("$ENGRAM" --store "$STORE" keys create --user loadtest 2>/dev/null)
PORTS=()
for i in 1 2 3; do
  PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  OMP_WAIT_POLICY=PASSIVE "$ENGRAM" --store "$STORE" serve --port "$PORT" --embedder hashing \
    --rate-limit 0 --workers "$WORKERS" 2>"$DIR/serve$i.log" &
  PIDS+=($!)
  PORTS+=("$PORT")
done
for p in "${PORTS[@]}"; do
  for _ in $(seq 200); do curl -sf "http://127.0.0.1:$p/healthz" >/dev/null && break; sleep 0.1; done
done
echo "== 3 servers (ports ${PORTS[*]}) on PostgreSQL $PG_VERSION, hashing embedder," \
  "$WORKERS ingest workers each; load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== mixed: $RATE req/s for ${DURATION}s, remember share $REMEMBER_SHARE" \
  "(sync share $SYNC_SHARE) in $SESSIONS session(s), $THREADS client threads"
"$LOAD" --ports "$(IFS=,; echo "${PORTS[*]}")" --key "$KEY" --mode mixed --rate "$RATE" \
  --seconds "$DURATION" --remember-share "$REMEMBER_SHARE" --sync-share "$SYNC_SHARE" \
  --threads "$THREADS" --sessions "$SESSIONS" --drain-seconds 120
echo "== load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
for i in 1 2 3; do
  if grep -qiE "error|fatal|abort" "$DIR/serve$i.log"; then
    echo "== server $i log:"; tail -5 "$DIR/serve$i.log"
  fi
done
