#!/usr/bin/env bash
# Runs examples/mem0_switch.py against engramdb.Memory, then against mem0.Memory (mem0ai from
# PyPI, pinned in examples/requirements-mem0.txt, installed into .deps/mem0). Not part of
# `make test`. Needs a release build (build/release) and scripts/setup.sh's .deps/python.
# Both runs embed with e5 through `engram serve`'s OpenAI-compatible /v1/embeddings.
set -euo pipefail
cd "$(dirname "$0")/.."
ENGRAM=build/release/apps/cli/engram
MEM0_DEPS=.deps/mem0
stamp="$MEM0_DEPS/.installed-$(sha256sum examples/requirements-mem0.txt | cut -c1-16)"
if [ ! -f "$stamp" ]; then
  rm -rf "$MEM0_DEPS" && mkdir -p "$MEM0_DEPS"
  python3 -m pip install --quiet --no-deps --target "$MEM0_DEPS" -r examples/requirements-mem0.txt
  touch "$stamp"
fi

work=$(mktemp -d)
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
key=$("$ENGRAM" --db "$work/embed.db" keys create --user embedder)
OMP_WAIT_POLICY=PASSIVE "$ENGRAM" --db "$work/embed.db" serve --port 0 --embedder e5 \
  2> "$work/serve.log" &
server=$!
for _ in $(seq 100); do
  url=$(grep -o 'listening on http://[^ ]*' "$work/serve.log" | cut -d' ' -f3 || true)
  [ -n "$url" ] && break
  sleep 0.2
done
[ -n "$url" ] || { cat "$work/serve.log"; exit 1; }
export EMBED_URL="$url/v1" EMBED_KEY="$key" MEM0_TELEMETRY=False

echo "== engramdb.Memory"
PYTHONPATH=build/release/python:.deps/python python3 examples/mem0_switch.py
echo "== mem0.Memory"
sed 's/^from engramdb import Memory.*/from mem0 import Memory/' examples/mem0_switch.py \
  > "$work/mem0_switch_mem0.py"
HOME="$work" PYTHONPATH="$MEM0_DEPS" python3 "$work/mem0_switch_mem0.py"
