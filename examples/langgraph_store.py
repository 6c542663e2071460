"""LangGraph with Engram as its long-term memory store (offline: hashing embedder, temp db).

Run: PYTHONPATH=build/release/python:.deps/python python3 examples/langgraph_store.py
"""

import tempfile
from typing import TypedDict

from langgraph.graph import END, START, StateGraph
from langgraph.store.base import BaseStore

import engramdb
from engramdb.langgraph_store import EngramStore


class State(TypedDict):
    user: str
    message: str
    recalled: list


def remember_and_recall(state: State, *, store: BaseStore) -> dict:
    namespace = ("memories", state["user"])
    key = f"m{len(store.search(namespace, limit=1000))}"
    store.put(namespace, key, {"content": state["message"]})
    hits = store.search(namespace, query=state["message"], limit=3)
    return {"recalled": [h.value["content"] for h in hits]}


def main() -> None:
    folder = tempfile.mkdtemp(prefix="engram-langgraph-")
    memory = engramdb.Memory(f"{folder}/agent.db", {"embedder": "hashing"})
    store = EngramStore(memory, user_id="demo")
    store.put(("memories", "alice"), "diet", {"content": "Alice is vegetarian"})

    builder = StateGraph(State)
    builder.add_node("memory", remember_and_recall)
    builder.add_edge(START, "memory")
    builder.add_edge("memory", END)
    graph = builder.compile(store=store)

    out = graph.invoke({"user": "alice", "message": "Book a vegetarian restaurant for Alice",
                        "recalled": []})
    print("recalled:", out["recalled"])
    print("namespaces:", store.list_namespaces())
    print("get diet:", store.get(("memories", "alice"), "diet").value)
    assert "Alice is vegetarian" in out["recalled"]
    memory.close()


if __name__ == "__main__":
    main()
