"""A LangGraph ``BaseStore`` backed by Engram (engramdb.Memory in-process, or a Client).

    store = EngramStore(engramdb.Memory("agent.db"), user_id="alice")
    graph = builder.compile(store=store)

Each item is one Engram memory of `user_id`: its text is the value's "content" (or "text",
else the value as JSON), so it is found by Engram's hybrid search; its namespace, key and
value ride in the memory's metadata, and its namespace is the memory's run (session), so a
get() lists one namespace only. put() of an existing key retires the old memory and writes a
new one (Engram keeps the retired one in its audit trail); put(value=None) deletes.

Thread safety: as the underlying Memory or Client. abatch() runs batch() in a worker thread;
the engine releases the GIL.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import hashlib
import json
from typing import Any, Iterable

from langgraph.store.base import (BaseStore, GetOp, Item, ListNamespacesOp, PutOp, SearchItem,
                                  SearchOp)

_NS, _KEY, _VALUE = "lg_namespace", "lg_key", "lg_value"


def _run_id(namespace: tuple[str, ...]) -> str:
    digest = hashlib.sha1(json.dumps(list(namespace)).encode()).hexdigest()[:24]
    return "lg-" + digest


def _text(value: dict) -> str:
    for field in ("content", "text", "memory"):
        if isinstance(value.get(field), str) and value[field].strip():
            return value[field]
    return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)


def _time(text: str) -> dt.datetime:
    return dt.datetime.fromisoformat(text.replace("Z", "+00:00"))


class EngramStore(BaseStore):
    """LangGraph long-term memory store on Engram. `memory`: engramdb.Memory or Client."""

    def __init__(self, memory: Any, *, user_id: str, agent_id: str | None = None):
        self.memory = memory
        self.user_id = user_id
        self.agent_id = agent_id

    # --- the two abstract methods -------------------------------------------------------
    def batch(self, ops: Iterable[Any]) -> list[Any]:
        return [self._one(op) for op in ops]

    async def abatch(self, ops: Iterable[Any]) -> list[Any]:
        return await asyncio.to_thread(self.batch, list(ops))

    def _one(self, op):
        if isinstance(op, GetOp):
            return self._get(tuple(op.namespace), op.key)
        if isinstance(op, PutOp):
            return self._put(tuple(op.namespace), op.key, op.value)
        if isinstance(op, SearchOp):
            return self._search(tuple(op.namespace_prefix), op.query, op.filter, op.limit,
                                op.offset)
        if isinstance(op, ListNamespacesOp):
            return self._namespaces(op)
        raise TypeError(f"EngramStore: unknown operation {type(op).__name__}")

    # --- operations -----------------------------------------------------------------------
    def _scope(self, **kw) -> dict:
        return dict(user_id=self.user_id, agent_id=self.agent_id, **kw)

    def _find(self, namespace, key) -> list[dict]:
        found = self.memory.get_all(limit=1000, filters={_KEY: key},
                                    **self._scope(run_id=_run_id(namespace)))["results"]
        return [r for r in found if tuple(r["metadata"].get(_NS, ())) == namespace]

    def _get(self, namespace, key) -> Item | None:
        found = self._find(namespace, key)
        return self._item(found[-1]) if found else None

    def _put(self, namespace, key, value) -> None:
        for old in self._find(namespace, key):
            self.memory.delete(old["id"], user_id=self.user_id)
        if value is None:
            return None
        self.memory.add(_text(value), infer=False,
                        metadata={_NS: list(namespace), _KEY: key, _VALUE: value},
                        **self._scope(run_id=_run_id(namespace)))
        return None

    def _search(self, prefix, query, filter_, limit, offset) -> list[SearchItem]:
        if query:
            rows = self.memory.search(query, limit=min(1000, max(50, (limit + offset) * 5)),
                                      **self._scope())["results"]
        else:
            rows = self.memory.get_all(limit=100000, **self._scope())["results"]
        out = []
        for r in rows:
            ns = tuple(r["metadata"].get(_NS, ()))
            if ns[:len(prefix)] != prefix or _KEY not in r["metadata"]:
                continue
            if filter_ and not _matches(r["metadata"].get(_VALUE, {}), filter_):
                continue
            out.append(self._item(r, score=r.get("score") if query else None))
        return out[offset:offset + limit]

    def _namespaces(self, op: ListNamespacesOp) -> list[tuple[str, ...]]:
        rows = self.memory.get_all(limit=100000, **self._scope())["results"]
        seen = []
        for r in rows:
            ns = tuple(r["metadata"].get(_NS, ()))
            if not ns or not all(_match_condition(ns, c) for c in op.match_conditions or ()):
                continue
            if op.max_depth is not None:
                ns = ns[:op.max_depth]
            if ns not in seen:
                seen.append(ns)
        seen.sort()
        return seen[op.offset:op.offset + op.limit]

    def _item(self, r: dict, score: float | None = None):
        meta = r["metadata"]
        common = dict(namespace=tuple(meta[_NS]), key=meta[_KEY], value=meta[_VALUE],
                      created_at=_time(r["created_at"]), updated_at=_time(r["updated_at"]))
        if score is None and "score" not in r:
            return Item(**common)
        return SearchItem(score=score, **common)


def _matches(value: dict, filter_: dict) -> bool:
    for key, cond in filter_.items():
        actual = value.get(key)
        if isinstance(cond, dict):
            for op, arg in cond.items():
                ok = {"$eq": lambda: actual == arg, "$ne": lambda: actual != arg,
                      "$gt": lambda: actual is not None and actual > arg,
                      "$gte": lambda: actual is not None and actual >= arg,
                      "$lt": lambda: actual is not None and actual < arg,
                      "$lte": lambda: actual is not None and actual <= arg}.get(op)
                if ok is None:
                    raise ValueError(f"EngramStore: unknown filter operator {op}")
                if not ok():
                    return False
        elif actual != cond:
            return False
    return True


def _match_condition(ns: tuple[str, ...], cond) -> bool:
    path = tuple(cond.path)
    if len(path) > len(ns):
        return False
    part = ns[:len(path)] if cond.match_type == "prefix" else ns[len(ns) - len(path):]
    return all(p == "*" or p == q for p, q in zip(path, part))
