"""Durable ingestion under kill -9: every acknowledged remember is processed exactly once.

Starts `engram serve` (async ingestion, one worker), posts batches of chat messages from
several client threads, kills the server with SIGKILL in the middle of the load, restarts it
on the same database, waits for the queue to drain and then checks the database: every
message of every acknowledged (202) request was stored exactly once, and nothing was stored
twice. Usage: durability_test.py PATH/TO/engram   (exit 0 = pass)
"""
import concurrent.futures
import json
import os
import sqlite3
import sys
import threading
import time
import urllib.request

sys.path.insert(0, os.path.dirname(__file__))
from engram_server import EngramServer  # noqa: E402

BATCH = 40


def post(url, key, body):
    req = urllib.request.Request(url + "/v1/memories", data=json.dumps(body).encode(),
                                 headers={"Authorization": "Bearer " + key,
                                          "Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        return r.status, json.loads(r.read())


def main():
    engram = sys.argv[1]
    # A short lease: the requests the killed process had claimed wait for it to end (3 s)
    # before the restarted server takes them over.
    server = EngramServer(engram, "--embedder", "none", "--workers", "1", "--rate-limit", "0",
                          "--outbox-lease-ms", "3000")
    key = server.create_key("alice")
    server.start()
    acked = {}  # text -> ingest id
    lock = threading.Lock()
    stop = threading.Event()

    def client(cid):
        n = 0
        while not stop.is_set():
            texts = [f"client {cid} message {n} part {i}" for i in range(BATCH)]
            n += 1
            try:
                status, body = post(server.url, key, {
                    "session": f"c{cid}",
                    "messages": [{"role": "user", "content": t} for t in texts]})
            except Exception:
                return  # the server died: this request was not acknowledged
            if status == 202:
                with lock:
                    for t, i in zip(texts, body["ingest_ids"]):
                        acked[t] = i

    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        for c in range(4):
            pool.submit(client, c)
        time.sleep(1.5)
        server.stop(sig=9)
        stop.set()
    db = sqlite3.connect(server.db)
    queued = db.execute("SELECT COUNT(*) FROM outbox WHERE state = 'queued'").fetchone()[0]
    db.close()
    print(f"killed with {len(acked)} acknowledged messages, {queued} still queued")
    assert len(acked) > 0, "no request was acknowledged before the kill"

    server.start()  # same database: the new workers take over the queue
    deadline = time.time() + 300  # one worker, no embedder: ~35k queued messages
    while time.time() < deadline:
        db = sqlite3.connect(server.db)
        left = db.execute("SELECT COUNT(*) FROM outbox WHERE state = 'queued'").fetchone()[0]
        db.close()
        if left == 0:
            break
        time.sleep(0.2)
    assert server.stop() == 0, "server did not drain and exit 0 on SIGTERM"

    db = sqlite3.connect(server.db)
    counts = dict(db.execute("SELECT content, COUNT(*) FROM message GROUP BY content"))
    states = dict(db.execute("SELECT id, state FROM outbox"))
    dup = {t: c for t, c in counts.items() if c > 1}
    missing = [t for t in acked if counts.get(t, 0) != 1]
    not_done = [i for i in acked.values() if states.get(i) != "done"]
    print(f"{len(counts)} messages stored, {len(dup)} duplicated, {len(missing)} acknowledged "
          f"but not stored once, {len(not_done)} acknowledged but not done; "
          f"{queued} were queued at the kill")
    assert not dup, f"stored twice: {list(dup)[:3]}"
    assert not missing, f"lost or duplicated: {missing[:3]}"
    assert not not_done, f"not done: {not_done[:3]}"
    print("durability test: passed")


if __name__ == "__main__":
    main()
