"""The same Mem0-style script against mem0.Memory or engramdb.Memory: only the import differs.

examples/run_mem0_switch.sh runs it twice (this file, then a copy whose import line reads
`from mem0 import Memory`). Both use the same local embedder: e5, served by `engram serve` on
loopback at $EMBED_URL as an OpenAI-compatible /v1/embeddings endpoint. No hosted service is
called: the LLM section only satisfies Mem0's constructor (infer=False never calls it).
"""

import json
import os
import tempfile

from engramdb import Memory  # switch: from mem0 import Memory

folder = tempfile.mkdtemp(prefix="mem0-switch-")
config = {
    "vector_store": {"provider": "qdrant", "config": {
        "path": os.path.join(folder, "store"), "collection_name": "switch",
        "embedding_model_dims": 384, "on_disk": True}},
    "embedder": {"provider": "openai", "config": {
        "model": "engram", "openai_base_url": os.environ["EMBED_URL"],
        "api_key": os.environ["EMBED_KEY"], "embedding_dims": 384}},
    "llm": {"provider": "openai", "config": {"model": "gpt-4o-mini", "api_key": "unused"}},
    "history_db_path": os.path.join(folder, "history.db"),
}
m = Memory.from_config(config)

facts = [("Alice moved to Berlin in May", {"topic": "home"}),
         ("Alice is allergic to peanuts", {"topic": "health"}),
         ("Alice's sister Mia lives in Lisbon", {"topic": "family"})]
ids = [m.add(text, user_id="alice", metadata=meta, infer=False)["results"][0]["id"]
       for text, meta in facts]
m.add("Bob prefers window seats", user_id="bob", infer=False)


def show(label, value):
    print(f"{label}: {json.dumps(value, ensure_ascii=False, default=str)}")


hits = m.search("where does Alice live?", filters={"user_id": "alice"}, top_k=2)["results"]
show("search", [(h["memory"], round(h["score"], 3)) for h in hits])
show("search keys", sorted(hits[0]))
show("get_all", [r["memory"] for r in m.get_all(filters={"user_id": "alice"})["results"]])
show("get", m.get(ids[1])["memory"])
show("update", m.update(ids[0], text="Alice moved to Munich in June")["message"])
show("get after update", m.get(ids[0])["memory"])
show("history", [(h["event"], h["old_memory"], h["new_memory"]) for h in m.history(ids[0])])
show("delete", m.delete(ids[2])["message"])
show("get after delete", m.get(ids[2]))
show("delete_all", m.delete_all(user_id="alice")["message"])
show("left for alice", m.get_all(filters={"user_id": "alice"})["results"])
show("left for bob", [r["memory"] for r in m.get_all(filters={"user_id": "bob"})["results"]])
m.reset()
print("reset: ok")
m.close()
