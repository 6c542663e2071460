"""Three `engram serve` on one PostgreSQL store, mixed load, one server killed with SIGKILL.

Starts 3 servers on one PostgreSQL store (hashing embedder, one vault key, one API key),
runs client threads against all three (async remembers answered 202 with outbox ids, sync
remembers, recalls), kills one server with `kill -9` in the middle of the load and restarts it,
then checks:
  - every acknowledged text (202 or 201) is stored as exactly one memory, and no text sent is
    stored twice (every outbox entry acknowledged is `done`), the entries the killed server
    held included (its leases, --outbox-lease-ms, end and another server takes them);
  - one session's queued messages are written in the order they were acknowledged, whichever
    servers processed them (message ids follow commit order);
  - a memory written through one server is at once readable on another: GET by id on a second
    server and recall on a third, right after the 201;
  - the audit chain is intact: GET /v1/audit/verify on every server and `engram audit --verify`;
  - no server but the killed one died, and every server drains and exits 0 on SIGTERM.

Usage: multiserver_test.py PATH/TO/engram [DSN_FILE]
(DSN_FILE: a libpq "host= port= user= dbname=" line; default $ENGRAM_TEST_PG_DSN_FILE, which
the ctest fixture `postgres` writes). Exit 0 = pass.
"""
import collections
import json
import os
import random
import re
import secrets
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

sys.path.insert(0, os.path.dirname(__file__))
from engram_server import EngramServer, run_main  # noqa: E402

CLIENTS = 6
LOAD_SECONDS = 8.0
KILL_AT = 2.5       # seconds into the load
RESTART_AT = 4.0
WORDS = ("amber basalt cobalt delta ember fjord garnet harbor indigo jasper kelp lumen marble "
         "nectar onyx pepper quartz raven saffron tundra umber velvet willow xenon yarrow zephyr "
         "anchor beacon canyon dune estuary falcon glacier heron island juniper").split()


def store_uri(dsn_file):
    with open(dsn_file) as f:
        kv = dict(p.split("=", 1) for p in f.read().split())
    schema = "multiserver_%d_%s" % (os.getpid(), secrets.token_hex(3))
    return "postgres://%s@%s:%s/%s?schema=%s" % (kv["user"], kv["host"], kv["port"],
                                                  kv["dbname"], schema)


def call(url, key, method, path, body=None, timeout=15):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url + path, data=data, method=method,
                                 headers={"Authorization": "Bearer " + key,
                                          "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"{}")


def new_text(rng):
    """A fact-like sentence with a unique tag of letters (one keyword token)."""
    tag = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(12))
    a, b, c = rng.sample(WORDS, 3)
    return tag, f"Note {tag}: the {a} {b} service moved to the {c} rack {rng.randint(1, 999)}"


class Load:
    """Shared state of the client threads."""

    def __init__(self, servers, key):
        self.servers = servers
        self.key = key
        self.lock = threading.Lock()
        self.sent = set()          # every tag sent (acknowledged or not)
        self.acked = {}            # tag -> outbox id (async) or memory id (sync)
        self.async_ids = []        # acknowledged outbox ids
        self.session_of = {}       # outbox id -> session
        self.counts = collections.Counter()
        self.failures = []         # cross-server read failures and unexpected statuses
        self.stop = threading.Event()

    def url(self, i):
        with self.lock:
            return self.servers[i].url

    def client(self, cid):
        rng = random.Random(cid)
        n = 0
        while not self.stop.is_set():
            n += 1
            i = (cid + n) % 3
            op = rng.random()
            try:
                if op < 0.5:
                    self.remember_async(rng, i, cid)
                elif op < 0.75:
                    self.remember_sync(rng, i)
                else:
                    self.recall(rng, i)
            except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
                with self.lock:
                    self.counts["connection_error"] += 1  # a dead server: not acknowledged

    def remember_async(self, rng, i, cid):
        batch = [new_text(rng) for _ in range(rng.randint(1, 5))]
        with self.lock:
            self.sent.update(t for t, _ in batch)
        status, body = call(self.url(i), self.key, "POST", "/v1/memories", {
            "session": f"c{cid}", "messages": [{"role": "user", "content": s} for _, s in batch]})
        with self.lock:
            self.counts[f"async_{status}"] += 1
            if status == 202:
                for (tag, _), oid in zip(batch, body["ingest_ids"]):
                    self.acked[tag] = oid
                    self.async_ids.append(oid)
                    self.session_of[oid] = f"c{cid}"
            else:
                self.failures.append(f"async remember: {status} {body}")

    def remember_sync(self, rng, i):
        tag, text = new_text(rng)
        with self.lock:
            self.sent.add(tag)
        status, body = call(self.url(i), self.key, "POST", "/v1/memories?sync=true",
                            {"session": "sync", "text": text})
        with self.lock:
            self.counts[f"sync_{status}"] += 1
        if status != 201:
            with self.lock:
                self.failures.append(f"sync remember: {status} {body}")
            return
        mems = body["results"][0]["memories"]
        if len(mems) != 1 or mems[0]["content"] != text:
            with self.lock:
                self.failures.append(f"sync remember of {tag!r} made {mems}")
            return
        mid = mems[0]["id"]
        with self.lock:
            self.acked[tag] = mid
        # At once, on the two other servers: get by id, and recall by the tag.
        got_status, got = call(self.url((i + 1) % 3), self.key, "GET", f"/v1/memories/{mid}")
        rec_status, rec = call(self.url((i + 2) % 3), self.key, "POST", "/v1/search",
                               {"query": tag, "limit": 5})
        problems = []
        if got_status != 200 or got.get("content") != text:
            problems.append(f"get {mid} on another server: {got_status} {got}")
        if rec_status != 200 or mid not in [h["id"] for h in rec.get("results", [])]:
            problems.append(f"recall {tag!r} on another server: {rec_status} "
                            f"{[h.get('id') for h in rec.get('results', [])]}")
        with self.lock:
            self.counts["cross_server_reads"] += 1
            self.failures.extend(problems)

    def recall(self, rng, i):
        status, body = call(self.url(i), self.key, "POST", "/v1/search",
                            {"query": " ".join(rng.sample(WORDS, 2)), "limit": 10})
        with self.lock:
            self.counts[f"recall_{status}"] += 1
            if status != 200:
                self.failures.append(f"recall: {status} {body}")


def list_all(url, key):
    """Every memory of the key's user, superseded versions too."""
    out, after = [], 0
    while True:
        status, page = call(url, key, "GET",
                            f"/v1/memories?include_history=true&limit=1000&after={after}")
        assert status == 200, page
        out.extend(page["memories"])
        if not page["next_after"]:
            return out
        after = page["next_after"]


def main():
    engram = sys.argv[1]
    dsn_file = sys.argv[2] if len(sys.argv) > 2 else os.environ.get("ENGRAM_TEST_PG_DSN_FILE")
    assert dsn_file and os.path.exists(dsn_file), f"no PostgreSQL DSN file: {dsn_file!r}"
    os.environ["ENGRAM_VAULT_KEY"] = secrets.token_hex(32)  # one key for every process
    uri = store_uri(dsn_file)
    # A short lease: the entries the killed server held return to the others within 2 s.
    args = ("--embedder", "hashing", "--workers", "2", "--rate-limit", "0",
            "--outbox-lease-ms", "2000")
    servers = [EngramServer(engram, *args, db=uri) for _ in range(3)]
    key = servers[0].create_key("alice", "--role", "admin")
    for s in servers:
        s.start()
    print("store", uri, "servers", [s.url for s in servers])

    load = Load(servers, key)
    threads = [threading.Thread(target=load.client, args=(c,)) for c in range(CLIENTS)]
    t0 = time.time()
    for t in threads:
        t.start()
    time.sleep(KILL_AT)
    victim = servers[1]
    victim.stop(sig=9)
    with load.lock:
        acked_at_kill = len(load.acked)
    time.sleep(max(0.0, RESTART_AT - (time.time() - t0)))
    restarted = EngramServer(engram, *args, db=uri).start()
    with load.lock:
        servers[1] = restarted
    time.sleep(max(0.0, LOAD_SECONDS - (time.time() - t0)))
    load.stop.set()
    for t in threads:
        t.join()
    print(f"load: {dict(load.counts)}; {len(load.acked)} acknowledged "
          f"({acked_at_kill} before the kill)")
    for i, s in enumerate(servers):
        assert s.proc.poll() is None, f"server {i} died: {''.join(s.log[-20:])}"

    # Every acknowledged outbox entry is processed (by whichever server took it).
    deadline = time.time() + 30
    pending = list(load.async_ids)
    message_of = {}  # outbox id -> message id
    while pending and time.time() < deadline:
        still = []
        for n, oid in enumerate(pending):
            status, body = call(servers[n % 3].url, key, "GET", f"/v1/ingest/{oid}")
            assert status == 200, f"ingest {oid}: {status} {body}"
            assert body["state"] != "failed", f"ingest {oid} failed: {body}"
            if body["state"] != "done":
                still.append(oid)
            else:
                message_of[oid] = body["result"]["message_id"]
        pending = still
        if pending:
            time.sleep(0.2)
    assert not pending, f"{len(pending)} acknowledged entries never done: {pending[:5]}"

    # One session's messages in the order acknowledged (outbox ids ascend within a session).
    by_session = collections.defaultdict(list)
    for oid in sorted(load.async_ids):
        by_session[load.session_of[oid]].append(oid)
    for session, oids in by_session.items():
        msgs = [message_of[o] for o in oids]
        bad = [(oids[i], msgs[i], oids[i + 1], msgs[i + 1]) for i in range(len(oids) - 1)
               if msgs[i] >= msgs[i + 1]]
        assert not bad, f"session {session} written out of order (outbox, message): {bad[:3]}"
    print(f"per-session order: {len(by_session)} sessions, {len(message_of)} queued messages "
          f"in acknowledgement order")

    memories = list_all(servers[2].url, key)
    stored = collections.Counter()
    for m in memories:
        found = re.match(r"Note ([a-z]{12}):", m["content"])
        if found:
            stored[found.group(1)] += 1
    unknown = [t for t in stored if t not in load.sent]
    dup = {t: c for t, c in stored.items() if c > 1}
    missing = [t for t in load.acked if stored[t] != 1]
    print(f"{len(memories)} memories; {len(load.sent)} texts sent, {len(load.acked)} acknowledged,"
          f" {len(missing)} acknowledged but not stored once, {len(dup)} stored twice, "
          f"{len(load.sent) - len(load.acked)} unacknowledged")
    assert not unknown, f"memories of texts never sent: {unknown[:3]}"
    assert not dup, f"stored more than once: {list(dup.items())[:3]}"
    assert not missing, f"acknowledged but lost: {missing[:3]}"
    assert load.counts["cross_server_reads"] > 0, "no sync remember was read across servers"
    assert not load.failures, f"{len(load.failures)} failures: {load.failures[:3]}"

    for i, s in enumerate(servers):
        status, check = call(s.url, key, "GET", "/v1/audit/verify")
        assert status == 200 and check["intact"], f"server {i}: audit chain {status} {check}"
    out = subprocess.run([engram, "--db", uri, "audit", "--user", "alice", "--role", "admin",
                          "--verify", "--limit", "1", "--json"],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert re.search(r'"intact":\s*true', out.stdout), f"engram audit --verify: {out.stdout}"
    print(f"audit chain intact: {check['records']} records")

    for i, s in enumerate(servers):
        assert s.stop() == 0, f"server {i} did not exit 0 on SIGTERM"
    print("multiserver test: passed")


if __name__ == "__main__":
    run_main(main)
