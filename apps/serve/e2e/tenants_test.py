"""Tenants: one `engram serve` on a PostgreSQL store serves every tenant of its schema.

Keys of two tenants, "acme" and "globex", with the SAME user ids in both (alice, and an admin
"root"), plus a key of the default tenant. Checks that:
  - each tenant's keys see only that tenant's memories (recall, list, get by id, history);
  - a public memory written by acme's admin is visible to acme's users only;
  - acme's admin cannot read or forget in globex (404, the memory stays), and its audit
    listing holds no globex record;
  - queued (202) writes land in the tenant of the key that sent them, and an ingest id is
    unknown to the other tenant;
  - MCP over HTTP acts in the key's tenant;
  - `engram keys` makes keys per tenant on postgres and refuses another tenant on sqlite.

Usage: tenants_test.py PATH/TO/engram [DSN_FILE] (default $ENGRAM_TEST_PG_DSN_FILE). Exit 0 = pass.
"""
import json
import os
import secrets
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

sys.path.insert(0, os.path.dirname(__file__))
from engram_server import EngramServer, run_main  # noqa: E402


def store_uri(dsn_file, tenant=None):
    with open(dsn_file) as f:
        kv = dict(p.split("=", 1) for p in f.read().split())
    schema = "tenants_%d_%s" % (os.getpid(), secrets.token_hex(3))
    return "postgres://%s@%s:%s/%s?schema=%s" % (kv["user"], kv["host"], kv["port"],
                                                  kv["dbname"], schema)


def call(url, key, method, path, body=None, headers=None):
    data = json.dumps(body).encode() if body is not None else None
    h = {"Authorization": "Bearer " + key, "Content-Type": "application/json"}
    h.update(headers or {})
    req = urllib.request.Request(url + path, data=data, method=method, headers=h)
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, json.loads(r.read() or b"{}")
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"{}")


def engram(binary, db, *args, check=True):
    out = subprocess.run([binary, "--db", db, *args], capture_output=True, text=True)
    if check:
        assert out.returncode == 0, f"engram {' '.join(args)}: {out.returncode} {out.stderr}"
    return out


def key(binary, db, tenant, user, *extra):
    args = ["keys", "create", "--user", user, "--json", *extra]
    if tenant is not None:
        args += ["--tenant", tenant]
    made = json.loads(engram(binary, db, *args).stdout)
    assert made["tenant"] == (tenant or ""), made
    return made["secret"]


def remember(url, k, text, **extra):
    status, body = call(url, k, "POST", "/v1/memories?sync=true", dict(text=text, **extra))
    assert status == 201, (status, body)
    return body["results"][0]["memories"][0]["id"]


def contents(url, k, query):
    status, body = call(url, k, "POST", "/v1/search", {"query": query, "limit": 20})
    assert status == 200, (status, body)
    return [h["content"] for h in body["results"]]


def listed(url, k):
    status, body = call(url, k, "GET", "/v1/memories?limit=1000")
    assert status == 200, (status, body)
    return [m["content"] for m in body["memories"]]


def wait_done(url, k, ids):
    deadline = time.time() + 30
    for oid in ids:
        while True:
            status, body = call(url, k, "GET", f"/v1/ingest/{oid}")
            assert status == 200, (oid, status, body)
            assert body["state"] != "failed", body
            if body["state"] == "done":
                break
            assert time.time() < deadline, f"ingest {oid} never done: {body}"
            time.sleep(0.05)


def mcp_recall(url, k, query):
    status, body = call(url, k, "POST", "/mcp", {
        "jsonrpc": "2.0", "id": 1, "method": "tools/call",
        "params": {"name": "recall", "arguments": {"query": query}}})
    assert status == 200 and not body["result"].get("isError"), (status, body)
    return [h["content"] for h in body["result"]["structuredContent"]["results"]]


def check_sqlite_refuses(binary):
    db = os.path.join(tempfile.mkdtemp(prefix="engram-tenants-"), "one.db")
    out = engram(binary, db, "keys", "create", "--user", "alice", "--tenant", "globex",
                 check=False)
    assert out.returncode != 0 and "holds one tenant" in out.stderr, (out.returncode, out.stderr)
    assert "postgres" in out.stderr, out.stderr
    made = key(binary, db, None, "alice")  # the default tenant still works
    assert made.startswith("ek_")
    print("sqlite: a key for another tenant is refused:", out.stderr.strip())


def main():
    binary = sys.argv[1]
    dsn_file = sys.argv[2] if len(sys.argv) > 2 else os.environ.get("ENGRAM_TEST_PG_DSN_FILE")
    assert dsn_file and os.path.exists(dsn_file), f"no PostgreSQL DSN file: {dsn_file!r}"
    os.environ["ENGRAM_VAULT_KEY"] = secrets.token_hex(32)
    check_sqlite_refuses(binary)

    uri = store_uri(dsn_file)
    keys = {}
    for tenant in ("acme", "globex"):
        keys[tenant, "alice"] = key(binary, uri, tenant, "alice")
        keys[tenant, "root"] = key(binary, uri, tenant, "root", "--role", "admin")
    keys["", "alice"] = key(binary, uri, None, "alice")  # the URI's tenant: the default
    listing = json.loads(engram(binary, uri, "keys", "list", "--json", "--tenant", "acme").stdout)
    assert sorted(k["user"] for k in listing["keys"]) == ["alice", "root"], listing
    assert listing["tenant"] == "acme", listing

    args = ("--embedder", "hashing", "--workers", "2", "--rate-limit", "0", "--max-tenants", "2")
    server = EngramServer(binary, *args, db=uri).start()
    url = server.url

    # Same user id, two tenants: each sees its own memories only.
    ids = {}
    for tenant, flower in (("acme", "tulip"), ("globex", "orchid"), ("", "lily")):
        ids[tenant] = remember(url, keys[tenant, "alice"],
                               f"The launch code of project falcon is {flower}")
    for tenant, flower in (("acme", "tulip"), ("globex", "orchid"), ("", "lily")):
        k = keys[tenant, "alice"]
        seen = contents(url, k, "launch code falcon")
        assert seen == [f"The launch code of project falcon is {flower}"], (tenant, seen)
        assert listed(url, k) == seen, (tenant, listed(url, k))
        assert mcp_recall(url, k, "launch code falcon") == seen, tenant
        for other, oid in ids.items():
            status, _ = call(url, k, "GET", f"/v1/memories/{oid}")
            assert status == (200 if other == tenant else 404), (tenant, other, status)
            status, _ = call(url, k, "GET", f"/v1/memories/{oid}/history")
            assert status == (200 if other == tenant else 404), (tenant, other, status)
    print("same user id in three tenants: each sees only its own memory (REST and MCP)")

    # Public memories are per tenant.
    pub = remember(url, keys["acme", "root"], "Public notice: the cafeteria opens at nine",
                   visibility="public")
    assert "Public notice: the cafeteria opens at nine" in contents(url, keys["acme", "alice"],
                                                                    "cafeteria opens")
    for tenant in ("globex", ""):
        seen = contents(url, keys[tenant, "alice"], "cafeteria opens")
        assert not any("cafeteria" in c for c in seen), (tenant, seen)
        status, _ = call(url, keys[tenant, "alice"], "GET", f"/v1/memories/{pub}")
        assert status == 404, (tenant, status)
    print("a public memory of acme is visible in acme only")

    # acme's admin cannot touch globex.
    root = keys["acme", "root"]
    status, _ = call(url, root, "GET", f"/v1/memories/{ids['globex']}")
    assert status == 404, status
    status, body = call(url, root, "DELETE", f"/v1/memories/{ids['globex']}")
    assert status == 404, (status, body)
    status, body = call(url, root, "GET", "/v1/audit?limit=1000")
    assert status == 200, body
    targets = {t for r in body["records"] for t in r["targets"]}
    assert ids["acme"] in targets and pub in targets, body  # acme's records are there...
    assert ids["globex"] not in targets and ids[""] not in targets, body  # ...no one else's
    status, body = call(url, root, "GET", f"/v1/memories/{pub}")  # its own tenant: allowed
    assert status == 200, (status, body)
    seen = contents(url, keys["globex", "alice"], "launch code falcon")
    assert seen == ["The launch code of project falcon is orchid"], seen
    print("acme's admin gets 404 on globex's memory and sees only acme's audit records")

    # Queued writes land in the key's tenant; an ingest id is not visible across tenants.
    queued = {}
    for tenant, word in (("acme", "saffron"), ("globex", "cobalt")):
        status, body = call(url, keys[tenant, "alice"], "POST", "/v1/memories",
                            {"text": f"The storage room key is {word}"})
        assert status == 202, (status, body)
        queued[tenant] = body["ingest_ids"]
    for tenant in queued:
        wait_done(url, keys[tenant, "alice"], queued[tenant])
    status, _ = call(url, keys["globex", "alice"], "GET", f"/v1/ingest/{queued['acme'][0]}")
    assert status == 404, status
    for tenant, mine, theirs in (("acme", "saffron", "cobalt"), ("globex", "cobalt", "saffron")):
        seen = contents(url, keys[tenant, "alice"], "storage room key")
        assert f"The storage room key is {mine}" in seen, (tenant, seen)
        assert not any(theirs in c for c in seen), (tenant, seen)
        assert not any(theirs in c for c in listed(url, keys[tenant, "alice"])), tenant
    print("queued writes land in the tenant of their key")

    assert server.stop() == 0
    print("tenants test: passed")


if __name__ == "__main__":
    run_main(main)
