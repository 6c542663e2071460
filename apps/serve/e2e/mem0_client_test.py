"""Drives `engram serve` with Mem0's own Python SDK (`mem0ai`'s MemoryClient, pinned in
scripts/requirements.txt), changing only its host and API key: add, search (v2 filters,
top_k, threshold), get_all, get, update, history, delete, delete_all. Then the
OpenAI-compatible /v1/embeddings as Mem0's and LangChain's OpenAI embedders call it (any
model name, base64, a dummy key on a --dev server).

Usage: mem0_client_test.py PATH/TO/engram     (exit 0 = pass)
"""
import base64
import os
import struct
import sys
import tempfile

# Mem0's SDK writes ~/.mem0 at import and sends telemetry unless told not to.
os.environ["MEM0_DIR"] = tempfile.mkdtemp(prefix="engram-mem0-home-")
os.environ["MEM0_TELEMETRY"] = "False"

import httpx  # noqa: E402
from mem0 import MemoryClient  # noqa: E402
from mem0.exceptions import MemoryError as Mem0Error  # noqa: E402

sys.path.insert(0, os.path.dirname(__file__))
from engram_server import EngramServer  # noqa: E402

FAILURES = []


def check(cond, what):
    print(("ok - " if cond else "FAIL - ") + what)
    if not cond:
        FAILURES.append(what)


def raises(fn, status):
    try:
        fn()
    except Mem0Error as e:
        return getattr(e, "debug_info", {}).get("status_code") == status
    return False


def exercise(client):
    r = client.add([{"role": "system", "content": "You are a helpful assistant."},
                    {"role": "user", "content": "I live in Paris and I work as a nurse."}],
                   user_id="alice", metadata={"topic": "bio"})
    events = [(x["event"], x["memory"]) for x in r["results"]]
    check(events and all(e == "ADD" for e, _ in events), f"add: ADD events {events}")
    check(not any("helpful assistant" in m for _, m in events), "add: system messages skipped")
    paris = r["results"][0]["id"]
    check(isinstance(paris, str) and r["results"][0]["user_id"] == "alice",
          "add: Mem0 ids are strings, user_id is reported")
    r = client.add("My favourite drink is green tea.", user_id="alice", run_id="s2",
                   metadata={"topic": "food"})
    tea = r["results"][0]["id"]
    check(r["results"][0]["event"] == "ADD" and r["results"][0]["run_id"] == "s2",
          "add: a plain string, run_id kept")

    r = client.search("Where does she live?", filters={"user_id": "alice"}, top_k=5)
    ids = [h["id"] for h in r["results"]]
    check(paris in ids and len(ids) <= 5, "search: finds the Paris memory, top_k honoured")
    check(all(0 <= h["score"] <= 1 for h in r["results"]), "search: scores are relevances")
    r = client.search("drink", filters={"AND": [{"user_id": "alice"},
                                                {"metadata": {"topic": "food"}}]})
    check([h["id"] for h in r["results"]] == [tea], "search: v2 AND filter with metadata")
    r = client.search("drink", filters={"user_id": "alice", "run_id": "s2"})
    check({h["id"] for h in r["results"]} == {tea}, "search: run_id filter")
    low = client.search("green tea drink", filters={"user_id": "alice"}, threshold=0.0)
    check(tea in [h["id"] for h in low["results"]], "search: threshold 0 keeps hits")
    best = max(h["score"] for h in low["results"])
    high = client.search("green tea drink", filters={"user_id": "alice"},
                         threshold=min(1.0, best + 1e-6))
    check(all(h["score"] >= best for h in high["results"]) and
          len(high["results"]) < len(low["results"]),
          f"search: threshold above the best relevance ({best:.3f}) drops hits")
    check(raises(lambda: client.search("x", filters={"user_id": "alice"}, threshold=1.5), 400),
          "search: threshold outside [0, 1] is 400")
    r = client.add("My favourite drink is green tea.", user_id="alice", run_id="s2",
                   metadata={"topic": "food"})
    check(r["results"] and all(x["event"] == "NONE" for x in r["results"]) and
          tea in [x["id"] for x in r["results"]],
          "add: saying it again is NONE on the same memory")

    page = client.get_all(filters={"user_id": "alice"})
    check(page["count"] >= 2 and {paris, tea} <= {m["id"] for m in page["results"]},
          "get_all: both memories")
    page = client.get_all(filters={"user_id": "alice"}, page=1, page_size=1)
    check(len(page["results"]) == 1 and page["next"], "get_all: paginated")

    r = client.update(paris, text="I live in Berlin and I work as a nurse.")
    check(r["id"] == paris and "Berlin" in r["memory"], "update: same id, new text")
    m = client.get(paris)
    check(m["id"] == paris and "Berlin" in m["memory"] and m["metadata"] == {"topic": "bio"},
          "get: the current version, metadata kept")
    h = client.history(paris)
    check([e["event"] for e in h] == ["ADD", "UPDATE"] and "Paris" in h[1]["old_memory"] and
          "Berlin" in h[1]["new_memory"], "history: ADD then UPDATE with old and new text")

    r = client.delete(paris)
    check("deleted" in r["message"], "delete")
    check(raises(lambda: client.get(paris), 404), "get after delete is 404")
    check(client.history(paris)[-1]["event"] == "DELETE", "history ends with DELETE")
    client.delete_all(user_id="alice")
    check(client.get_all(filters={"user_id": "alice"})["count"] == 0, "delete_all")
    check(raises(lambda: client.add("hi", user_id="bob"), 403),
          "a key acts for its user only (403 for another)")


def embeddings(url):
    body = {"input": ["hello world"], "model": "text-embedding-3-small"}
    auth = {"Authorization": "Bearer sk-not-a-real-key"}
    r = httpx.post(url + "/v1/embeddings", json=body, headers=auth)
    check(r.status_code == 200, f"embeddings: any model name, dummy key on --dev ({r.text[:80]})")
    if r.status_code != 200:
        return
    served = r.json()["model"]
    vec = r.json()["data"][0]["embedding"]
    check(served != "text-embedding-3-small" and len(vec) > 0, f"embeddings: serves {served}")
    r = httpx.post(url + "/v1/embeddings", json=dict(body, encoding_format="base64"),
                   headers=auth)
    raw = base64.b64decode(r.json()["data"][0]["embedding"])
    floats = list(struct.unpack("<%df" % (len(raw) // 4), raw))
    check(floats == vec, "embeddings: base64 (the openai SDK's default) decodes to the vector")


def main():
    engram = sys.argv[1]
    server = EngramServer(engram, "--embedder", "hashing", "--rate-limit", "0")
    key = server.create_key("alice")
    server.start()
    try:
        client = MemoryClient(api_key=key, host=server.url)
        exercise(client)
        client.client.close()  # else the drain waits for the keep-alive connection
    finally:
        check(server.stop() == 0, "server drains")
    dev = EngramServer(engram, "--dev", "--embedder", "hashing").start()
    try:
        embeddings(dev.url)
        # --dev: the Mem0 client's key is a dummy; user_id names the user.
        client = MemoryClient(api_key="m0-dummy", host=dev.url)
        r = client.add("I prefer window seats.", user_id="carol")
        check(r["results"][0]["user_id"] == "carol", "--dev: a dummy key, user_id names the user")
        r = client.add("Deploys happen on Fridays.", agent_id="ops-bot")
        got = client.get_all(filters={"agent_id": "ops-bot"})
        check(got["count"] == 1 and got["results"][0]["agent_id"] == "ops-bot",
              "--dev: an agent-only scope")
        client.client.close()
    finally:
        dev.stop()
    print(f"{len(FAILURES)} failed" if FAILURES else "all passed")
    sys.exit(1 if FAILURES else 0)


if __name__ == "__main__":
    main()
