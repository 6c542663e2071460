"""Per-call overhead of the Python binding against the C++ API (the parallel speed-up that
releasing the GIL allows is bench/python_threads.py). Run after a release build (numbers go
in python/README.md):

  PYTHONPATH=build/release/python:.deps/python OMP_WAIT_POLICY=PASSIVE \
      python3 bench/python_overhead.py build/release/bench/api_call_bench

Same workload as api_call_bench: hashing embedder, 2,000 short memories of one user, then
single calls of each kind. Columns: the C++ API; the bound Engine returning objects; the bound
Engine plus to_dict() (the REST JSON shape); engramdb.Memory (Mem0's shape).
"""

import json
import os
import subprocess
import sys
import tempfile
import time

import engramdb
from engramdb._engramdb import Principal

MEMORIES, ITERS = 2000, 2000
WORDS = ["invoice", "meeting", "Berlin", "tea", "deploy", "review", "Friday", "budget",
         "ticket", "travel", "lunch", "report"]


def text(i):
    return f"note {i} about {WORDS[i % 12]} and {WORDS[(i * 7 + 3) % 12]}"


def per_call(n, f):
    """Microseconds per call, best of three runs (the machine is shared)."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for i in range(n):
            f(i)
        best = min(best, (time.perf_counter() - start) / n * 1e6)
    return best


def python_numbers(folder, backend):
    m = engramdb.Memory(os.path.join(folder, f"py-{backend}.db"),
                        {"embedder": "hashing", "backend": backend})
    e, alice = m.engine, Principal("alice")
    ids = [e.remember(alice, text(i)).memories[0].id for i in range(MEMORIES)]
    mem_ids = [str(x) for x in ids]
    for x in mem_ids[:10]:
        m.get(x, user_id="alice")
    q = ITERS // 4
    rows = {
        "get": (per_call(ITERS, lambda i: e.get(alice, ids[i % MEMORIES])),
                per_call(ITERS, lambda i: e.get(alice, ids[i % MEMORIES]).to_dict()),
                per_call(ITERS, lambda i: m.get(mem_ids[i % MEMORIES], user_id="alice"))),
        "stats": (per_call(ITERS, lambda i: e.stats(alice)),
                  per_call(ITERS, lambda i: e.stats(alice).to_dict()), None),
        "recall": (per_call(q, lambda i: e.recall(alice, text(i * 13), limit=10)),
                   per_call(q, lambda i: e.recall(alice, text(i * 13), limit=10).to_dict()),
                   per_call(q, lambda i: m.search(text(i * 13), user_id="alice", limit=10))),
        "remember": (per_call(q, lambda i: e.remember(alice, text(MEMORIES + i))),
                     per_call(q, lambda i: e.remember(alice, text(2 * MEMORIES + i)).to_dict()),
                     per_call(q, lambda i: m.add(text(3 * MEMORIES + i), user_id="alice"))),
        "embed": (per_call(ITERS, lambda i: e.embed(["a short query"], role="query")),
                  None, None),
    }
    m.close()
    return rows


def main():
    folder = tempfile.mkdtemp(prefix="engram-pybench-")
    for backend in ("memory", "sqlite"):
        cpp = {}
        if len(sys.argv) > 1:
            out = subprocess.run([sys.argv[1], "--backend", backend, "--db",
                                  os.path.join(folder, f"cpp-{backend}.db"), "--memories",
                                  str(MEMORIES), "--iters", str(ITERS)], check=True,
                                 capture_output=True, text=True).stdout
            cpp = json.loads(out)
        py = python_numbers(folder, backend)
        print(f"backend {backend}: microseconds per call, best of 3")
        print(f"{'call':9} {'C++ API':>9} {'binding':>9} {'+to_dict':>9} {'Memory':>9}")
        for name, row in py.items():
            cells = [cpp.get(f"{name}_us"), *row]
            print(f"{name:9} " + " ".join(f"{c:9.1f}" if c else f"{'-':>9}" for c in cells))


if __name__ == "__main__":
    main()
