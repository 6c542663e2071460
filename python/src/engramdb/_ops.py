"""The Mem0-shaped operations, written once for every backend.

Each operation is a generator: it yields ``Call``s (one engine call or REST request each) and
receives their results (dicts in the REST API's JSON shape), or has the backend's
``EngramError`` thrown into it; its return value is the Mem0-shaped answer. ``Memory`` and
``Client`` drive them synchronously, ``AsyncClient`` with ``await``.

Backend calls (``Call.name``: args -> result):
  remember: (ids, messages, at, metadata)   -> [[memory dict, ...] per message]
  recall:   (ids, query, limit, at, include_history, filters, threshold)
            -> {"request_id", "results": [hit]}
  get:      (ids, id)                        -> memory dict
  list:     (ids, after, limit)              -> {"memories": [...], "next_after"}
  history:  (ids, id)                        -> [memory dict, oldest first]
  correct:  (ids, id, text, at, metadata)    -> memory dict (the new version; metadata None
                                                keeps the corrected version's)
  forget:   (ids, id, hard)                  -> None
  whoami:   (ids,)                           -> the user the backend acts for
  erase:    (ids, user)                      -> erase report dict (NotFoundError: nothing
                                                stored)
  entities: (ids, query, type, after, limit) -> {"entities": [...], "next_after"}
  relations: (ids, entity id, limit)         -> {"entity", "relations": [...]}
  import_entities: (ids, entries)            -> {"created", "updated", "entities": [...]}
"""

from __future__ import annotations

from typing import Any, Generator, NamedTuple

from . import _shape
from .errors import InvalidArgumentError, NotFoundError

MAX_MESSAGES_PER_CALL = 100  # the server's limit for one POST /v1/memories
PAGE = 1000                  # the largest page Engine::List returns


class Call(NamedTuple):
    name: str
    args: tuple


Op = Generator[Call, Any, Any]


def add(ctx, messages, ids: _shape.Ids, metadata, at, infer: bool = True) -> Op:
    msgs = _shape.messages(messages)
    at_iso = _shape.iso(at)
    meta = metadata if metadata is not None else {}
    _shape.metadata_json(meta)  # validates before anything is written
    results, pipeline = [], []
    for start in range(0, len(msgs), MAX_MESSAGES_PER_CALL):
        chunk = msgs[start:start + MAX_MESSAGES_PER_CALL]
        made = yield Call("remember", (ids, chunk, at_iso, meta, bool(infer)))
        for msg, r in zip(chunk, made):
            for d in r["memories"]:
                it = _shape.item(d)
                it["event"] = _shape.add_event(d, r)
                it["role"] = msg["role"]
                it["actor_id"] = msg.get("name")
                results.append(it)
            pipeline.append(_shape.pipeline_entry(r))
    ctx.learn(results, ids)
    return {"results": results, "pipeline": pipeline}


def search(ctx, query, ids: _shape.Ids, limit: int, meta_filters: dict, threshold, at,
           include_history: bool, explain: bool) -> Op:
    if not isinstance(query, str) or not query.strip():
        raise InvalidArgumentError("query: must be a non-empty string")
    _check_limit(limit)
    # The engine applies the agent, run and metadata filters inside recall, so a selective
    # filter still fills the limit.
    if threshold is not None and (isinstance(threshold, bool) or
                                  not isinstance(threshold, (int, float)) or
                                  not 0 <= threshold <= 1):
        raise InvalidArgumentError("threshold: must be a number in [0, 1]")
    # The engine leaves out hits whose relevance is below the threshold.
    res = yield Call("recall", (ids, query, limit, _shape.iso(at), include_history,
                                _shape.recall_filters(ids, meta_filters), threshold))
    items = [_shape.item(h, explain=explain) for h in res["results"]]
    ctx.learn(items, ids)
    return {"results": items, "request_id": res["request_id"]}


def get_all(ctx, ids: _shape.Ids, limit: int, meta_filters: dict) -> Op:
    _check_limit(limit)
    items = yield from _scan(ids, meta_filters, limit)
    ctx.learn(items, ids)
    return {"results": items}


def get(ctx, memory_id, ids: _shape.Ids) -> Op:
    mid = _shape.memory_id(memory_id)
    try:
        d, created = yield from _current(ids, mid)
    except NotFoundError:
        return None
    it = _shape.item(d, created_at=created)
    ctx.learn([it], ids)
    return it


def update(ctx, memory_id, text, metadata, ids: _shape.Ids, at) -> Op:
    if text is None and metadata is None:
        raise InvalidArgumentError("update: give the new text, new metadata, or both")
    if text is not None and not isinstance(text, str):
        raise InvalidArgumentError("update: text must be a string")
    if metadata is not None:
        _shape.metadata_json(metadata)  # validates before anything is written
    mid = _shape.memory_id(memory_id)
    d, created = yield from _current(ids, mid)
    # A new version either way: metadata alone keeps the text.
    new = yield Call("correct", (ids, d["id"], d["content"] if text is None else text,
                                 _shape.iso(at), metadata))
    it = _shape.item(new, created_at=created)
    ctx.learn([it], ids)
    return {"message": "Memory updated successfully!", "id": it["id"], "memory": it["memory"],
            "metadata": it["metadata"], "version": it["version"],
            "version_id": it["version_id"]}


def delete(ctx, memory_id, ids: _shape.Ids, hard: bool) -> Op:
    mid = _shape.memory_id(memory_id)
    yield Call("forget", (ids, mid, hard))
    return {"message": "Memory deleted successfully!"}


def delete_all(ctx, ids: _shape.Ids, hard: bool) -> Op:
    items = yield from _scan(ids, {}, None)
    for it in items:
        yield Call("forget", (ids, int(it["version_id"]), hard))
    return {"message": "Memories deleted successfully!", "deleted": len(items)}


def history(ctx, memory_id, ids: _shape.Ids) -> Op:
    mid = _shape.memory_id(memory_id)
    versions = yield Call("history", (ids, mid))
    return _shape.history_entries(versions)


def reset(ctx, ids: _shape.Ids) -> Op:
    """Erases everything of the user the backend acts for (Engine::EraseUser)."""
    user = ids.user
    if user is None:
        user = yield Call("whoami", (ids,))
    try:
        report = yield Call("erase", (ids, user))
    except NotFoundError:  # nothing stored: already reset
        report = {"user_id": user, "erased": {}}
    ctx.clear()
    return {"message": f"Everything of user '{user}' was erased.", "user_id": user,
            "erased": report.get("erased", {})}


def list_entities(ctx, ids: _shape.Ids, query, type_, limit: int) -> Op:
    _check_limit(limit)
    if not isinstance(query, str) or not isinstance(type_, str):
        raise InvalidArgumentError("list_entities: query and type must be strings")
    out, after = [], 0
    while len(out) < limit:
        page = yield Call("entities", (ids, query, type_, after, min(limit - len(out), PAGE)))
        out.extend(page["entities"])
        after = page.get("next_after")
        if not after:
            break
    return {"results": out}


def entity_relations(ctx, entity_id, ids: _shape.Ids, limit: int) -> Op:
    _check_limit(limit)
    try:
        eid = _shape.memory_id(entity_id)  # the same id rules as a memory's
    except InvalidArgumentError:
        raise InvalidArgumentError(f"entity_id: not an Engram entity id: {entity_id!r}") from None
    return (yield Call("relations", (ids, eid, limit)))


def import_entities(ctx, entries, ids: _shape.Ids) -> Op:
    if isinstance(entries, dict):
        entries = [entries]
    if not isinstance(entries, (list, tuple)):
        raise InvalidArgumentError("entries: must be a list of dicts")
    return (yield Call("import_entities", (ids, list(entries))))


def _check_limit(limit) -> None:
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise InvalidArgumentError("limit: must be a positive integer")


def _current(ids: _shape.Ids, mid: int):
    """The current version of the memory `mid` belongs to, and its first version's time."""
    d = yield Call("get", (ids, mid))
    if d["status"] == "deleted":
        raise NotFoundError(f"memory {mid}: forgotten")
    if d["current"] and d["version"] == 1:
        return d, None
    versions = yield Call("history", (ids, mid))
    current = [v for v in versions if v["current"] and v["status"] != "deleted"]
    if not current:
        raise NotFoundError(f"memory {mid}: forgotten")
    return current[-1], versions[0]["recorded_at"]


def _scan(ids: _shape.Ids, meta_filters: dict, limit: int | None):
    """Current memories of the scope, in id order, up to `limit` (None = all)."""
    items, after = [], 0
    while True:
        page = yield Call("list", (ids, after, PAGE))
        for d in page["memories"]:
            it = _shape.item(d)
            if _shape.matches(it, ids, meta_filters):
                items.append(it)
                if limit is not None and len(items) >= limit:
                    return items
        after = page.get("next_after")
        if not after:
            return items


def run(op: Op, do) -> Any:
    """Drives `op` synchronously; `do(call)` performs one backend call."""
    try:
        call = next(op)
        while True:
            try:
                result = do(call)
            except Exception as e:  # noqa: BLE001 - the operation decides what it handles
                call = op.throw(e)
            else:
                call = op.send(result)
    except StopIteration as stop:
        return stop.value


async def run_async(op: Op, do) -> Any:
    """Drives `op`; `do(call)` is a coroutine performing one backend call."""
    try:
        call = next(op)
        while True:
            try:
                result = await do(call)
            except Exception as e:  # noqa: BLE001
                call = op.throw(e)
            else:
                call = op.send(result)
    except StopIteration as stop:
        return stop.value
