"""The LangGraph store and the LangChain retriever, and the examples that use them."""

import asyncio
import os
import runpy

import pytest

import engramdb

pytest.importorskip("langgraph")
pytest.importorskip("langchain_core")

from engramdb.langchain_retriever import EngramRetriever  # noqa: E402
from engramdb.langgraph_store import EngramStore  # noqa: E402

EXAMPLES = os.path.join(os.environ.get("ENGRAM_SOURCE_DIR",
                                       os.path.join(os.path.dirname(__file__), "..", "..")),
                        "examples")


@pytest.fixture
def store(memory):
    return EngramStore(memory, user_id="alice")


def test_store_put_get_overwrite_delete(store):
    ns = ("users", "alice", "prefs")
    store.put(ns, "food", {"content": "likes ramen", "level": 3})
    item = store.get(ns, "food")
    assert (item.namespace, item.key, item.value) == (ns, "food", {"content": "likes ramen",
                                                                   "level": 3})
    assert item.created_at.tzinfo is not None
    store.put(ns, "food", {"content": "likes udon now", "level": 4})
    assert store.get(ns, "food").value["content"] == "likes udon now"
    assert store.get(("users", "bob", "prefs"), "food") is None
    store.delete(ns, "food")
    assert store.get(ns, "food") is None


def test_store_search_filter_and_namespaces(store):
    store.put(("docs", "a"), "1", {"content": "the deploy runbook for service A", "team": "ops"})
    store.put(("docs", "b"), "2", {"content": "service B deploy checklist", "team": "dev"})
    store.put(("notes",), "3", {"text": "lunch on Friday"})
    hits = store.search(("docs",), query="deploy runbook", limit=5)
    assert {h.key for h in hits} == {"1", "2"} and all(h.score is not None for h in hits)
    assert [h.key for h in store.search(("docs",), filter={"team": "ops"})] == ["1"]
    assert [h.key for h in store.search((), filter={"team": {"$ne": "ops"}})] == ["2", "3"]
    assert store.list_namespaces() == [("docs", "a"), ("docs", "b"), ("notes",)]
    assert store.list_namespaces(prefix=("docs",), max_depth=1) == [("docs",)]
    assert store.list_namespaces(suffix=("b",)) == [("docs", "b")]
    got = asyncio.run(store.aget(("notes",), "3"))
    assert got.value == {"text": "lunch on Friday"}


def test_retriever_returns_documents(memory):
    memory.add("Alice is allergic to peanuts", user_id="alice", metadata={"kind": "health"})
    memory.add("Bob is allergic to cats", user_id="bob")
    docs = EngramRetriever(memory=memory, user_id="alice", k=3).invoke("allergic")
    assert [d.page_content for d in docs] == ["Alice is allergic to peanuts"]
    assert docs[0].metadata["kind"] == "health" and docs[0].metadata["score"] > 0
    adocs = asyncio.run(EngramRetriever(memory=memory, user_id="bob").ainvoke("allergic"))
    assert [d.page_content for d in adocs] == ["Bob is allergic to cats"]


@pytest.mark.parametrize("name", ["langgraph_store.py", "langchain_retriever.py"])
def test_examples_run(name):
    runpy.run_path(os.path.join(EXAMPLES, name), run_name="__main__")
