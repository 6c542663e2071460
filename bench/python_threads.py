"""Throughput of engramdb.Memory from one thread and from two, and the speed-up. Run after a
release build (numbers go in python/README.md):

  PYTHONPATH=build/release/python:.deps/python OMP_WAIT_POLICY=PASSIVE \
      python3 bench/python_threads.py [--embedder hashing|e5] [--memories 2000] [--seconds 3]

Workload: one SQLite file with --memories short memories of one user. Rows: search (limit
10) and add, each from 1 thread, 2 threads sharing one Memory, and 2 threads each with its
own Memory on the same file. "cpu" is the threads' CPU time per wall second (1.0 = one core
busy; 2.0 = both cores, the most two threads can get). "ceiling" is what two processes
spinning get over one right now: no two-thread speed-up can exceed it on a shared machine.
"""

import argparse
import multiprocessing
import os
import tempfile
import threading
import time

import engramdb

WORDS = ["invoice", "meeting", "Berlin", "tea", "deploy", "review", "Friday", "budget",
         "ticket", "travel", "lunch", "report"]


def text(i):
    return f"note {i} about {WORDS[i % 12]} and {WORDS[(i * 7 + 3) % 12]}"


def run(memories, op, seconds):
    """(calls per second, CPU seconds per wall second) of one thread per entry of
    `memories`, all calling op(memory, thread, i) for `seconds`."""
    barrier = threading.Barrier(len(memories) + 1)
    counts, cpu = [0] * len(memories), [0.0] * len(memories)

    def worker(k):
        barrier.wait()
        start, i = time.thread_time(), 0
        while time.perf_counter() < stop:
            op(memories[k], k, i)
            i += 1
        counts[k], cpu[k] = i, time.thread_time() - start

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(len(memories))]
    for t in threads:
        t.start()
    stop = time.perf_counter() + seconds
    begin = time.perf_counter()
    barrier.wait()
    for t in threads:
        t.join()
    wall = time.perf_counter() - begin
    return sum(counts) / wall, sum(cpu) / wall


def _spin(seconds, out):
    stop, n = time.perf_counter() + seconds, 0
    while time.perf_counter() < stop:
        n += 1
    out.put(n)


def ceiling(seconds):
    def work(k):
        q = multiprocessing.Queue()
        ps = [multiprocessing.Process(target=_spin, args=(seconds, q)) for _ in range(k)]
        for p in ps:
            p.start()
        total = sum(q.get() for _ in ps)
        for p in ps:
            p.join()
        return total
    return work(2) / work(1)


def search(m, k, i):
    m.search(text(i * 13 + k), limit=10)


def add(m, k, i):
    m.add(f"thread {k} wrote note {i} about {WORDS[i % 12]} on {WORDS[(i * 5) % 12]}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--embedder", default="hashing")
    ap.add_argument("--memories", type=int, default=2000)
    ap.add_argument("--seconds", type=float, default=3.0)
    args = ap.parse_args()
    folder = tempfile.mkdtemp(prefix="engram-threads-")
    path = os.path.join(folder, "engram.db")
    config = {"embedder": args.embedder}
    a = engramdb.Memory(path, config, user_id="alice")
    alice = engramdb.Principal("alice")
    for start in range(0, args.memories, 100):
        for i in range(start, min(start + 100, args.memories)):
            a.engine.remember(alice, text(i))
    b = engramdb.Memory(path, config, user_id="alice")  # a second engine on the same file
    print(f"embedder {args.embedder}, {args.memories} memories, {args.seconds:.0f} s per row; "
          f"two processes get x{ceiling(args.seconds):.2f} of one right now")
    print(f"{'call':7} {'threads':22} {'calls/s':>9} {'speed-up':>9} {'cpu':>6}")
    for name, op in (("search", search), ("add", add)):
        one, cpu1 = run([a], op, args.seconds)
        print(f"{name:7} {'1':22} {one:9.0f} {'':>9} {cpu1:6.2f}")
        for label, ms in (("2, one Memory", [a, a]), ("2, two Memory objects", [a, b])):
            rate, cpu = run(ms, op, args.seconds)
            print(f"{name:7} {label:22} {rate:9.0f} {'x%.2f' % (rate / one):>9} {cpu:6.2f}")
    a.close()
    b.close()


if __name__ == "__main__":
    main()
