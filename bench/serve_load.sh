#!/usr/bin/env bash
# The server load test of the README: starts `engram serve` on a free loopback port with a fresh
# database, then (1) sustained mixed remember/recall at RATE req/s for SECONDS, (2) fills the
# database to FILL memories and (3) measures the maximum recall QPS (closed loop, THREADS).
#   bench/serve_load.sh [BUILD_DIR] [EMBEDDER]     env: RATE DURATION FILL THREADS SHARE
set -euo pipefail
BUILD=${1:-build/release}
EMBEDDER=${2:-e5}
RATE=${RATE:-100}; SECONDS_=${DURATION:-60}; FILL=${FILL:-10000}; THREADS=${THREADS:-4}
SHARE=${SHARE:-0.5}
ENGRAM=$BUILD/apps/cli/engram
LOAD=$BUILD/bench/serve_load
DIR=$(mktemp -d /tmp/engram-load-XXXXXX)
DB=$DIR/engram.db
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
KEY=$("$ENGRAM" --db "$DB" keys create --user loadtest 2>/dev/null)
OMP_WAIT_POLICY=PASSIVE "$ENGRAM" --db "$DB" serve --port "$PORT" --embedder "$EMBEDDER" \
  --rate-limit 0 2>"$DIR/serve.log" &
SERVER=$!
trap 'kill -TERM $SERVER 2>/dev/null; wait $SERVER 2>/dev/null; rm -rf "$DIR"' EXIT
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.1; done
echo "== embedder $EMBEDDER; load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== 1. mixed: $RATE req/s for ${SECONDS_}s, remember share $SHARE (async remember, 202)"
"$LOAD" --port "$PORT" --key "$KEY" --mode mixed --rate "$RATE" --seconds "$SECONDS_" \
  --remember-share "$SHARE" --threads 16
echo "== 2. fill to $FILL memories (batches of 100, ?sync=true)"
"$LOAD" --port "$PORT" --key "$KEY" --mode fill --count "$FILL"
echo "== 3. max recall QPS at $FILL memories, $THREADS client threads, 30 s"
"$LOAD" --port "$PORT" --key "$KEY" --mode recall-max --seconds 30 --threads "$THREADS"
echo "== load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
