"""Filtered recall cost through the Python package: 10k synthetic memories (hashing embedder),
`search(limit=10)` with no filter and with metadata filters that keep 1 % of the memories.

  PYTHONPATH=build/release/python:.deps/python:python/src OPENBLAS_NUM_THREADS=1 \
      python3 bench/filtered_recall.py [N]
"""
import os
import random
import sys
import tempfile
import time

import engramdb

random.seed(1)
N = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
WORDS = ("tea budget review launch meeting report invoice deploy server client refund ticket "
         "plan design api schedule").split()
m = engramdb.Memory(os.path.join(tempfile.mkdtemp(), "e.db"), {"embedder": "hashing"})
batch = []
for i in range(N):
    batch.append({"role": "user",
                  "content": " ".join(random.choice(WORDS) for _ in range(8)) + f" item {i}"})
    if len(batch) == 100:  # 100 batches of 1 % each: project p0..p99, n = batch number
        m.add(batch, user_id="u", metadata={"project": f"p{(i // 100) % 100}", "n": i // 100})
        batch = []


def bench(filters, queries=200):
    lat = []
    for _ in range(queries):
        query = " ".join(random.choice(WORDS) for _ in range(3))
        t = time.perf_counter()
        r = m.search(query, user_id="u", limit=10, filters=filters)
        lat.append((time.perf_counter() - t) * 1000)
    lat.sort()
    return (f"p50 {lat[len(lat) // 2]:.1f} ms  p95 {lat[int(len(lat) * .95)]:.1f} ms  "
            f"hits {len(r['results'])}")


print("no filter            ", bench(None))
print("1 % (project = p7)   ", bench({"project": "p7"}))
print("1 % (n >= 99)        ", bench({"n": {"gte": 99}}))
print("matches nothing      ", bench({"project": "none"}, 50))
