"""Mem0-shaped results from Engram's memory dicts (the REST API's JSON shape), and the
Mem0-style inputs: entity ids, messages, times, metadata filters. Shared by Memory, Client
and AsyncClient; pure functions."""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
from typing import Any, Iterable

from .errors import InvalidArgumentError

# A scope named by agent_id or run_id alone lives under a synthetic user, since every Engram
# memory has an owning user.
AGENT_USER_PREFIX = "agent:"
RUN_USER_PREFIX = "run:"


class Ids:
    """Who a call acts for: the engine principal (user, agent) and the run (session)."""

    __slots__ = ("user", "agent", "run")

    def __init__(self, user: str | None, agent: str | None, run: str | None):
        self.user, self.agent, self.run = user, agent, run

    def __repr__(self) -> str:
        return f"Ids(user={self.user!r}, agent={self.agent!r}, run={self.run!r})"


def entity_id(value: Any, name: str) -> str | None:
    """Mem0's rules: None stays None; ints become str; trimmed; non-empty; no whitespace."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise InvalidArgumentError(f"{name}: must be a string")
    text = str(value).strip()
    if not text or any(c.isspace() for c in text):
        raise InvalidArgumentError(f"{name}: must be non-empty and contain no whitespace")
    return text


def make_ids(user_id: Any, agent_id: Any, run_id: Any, *, required: bool,
             synthesize: bool = True) -> Ids:
    """The scope a call names. Without a user, `synthesize` makes one from the agent or run
    (a client whose API key fixes the user does not)."""
    user = entity_id(user_id, "user_id")
    agent = entity_id(agent_id, "agent_id")
    run = entity_id(run_id, "run_id")
    if user is not None or not synthesize:
        pass
    elif agent is not None:
        user = AGENT_USER_PREFIX + agent
    elif user is None and run is not None:
        user = RUN_USER_PREFIX + run
    if required and user is None:
        raise InvalidArgumentError("at least one of user_id, agent_id or run_id is required")
    return Ids(user, agent, run)


def split_filters(filters: dict | None) -> tuple[dict, dict]:
    """(entity ids named in filters, the remaining metadata filters)."""
    if filters is None:
        return {}, {}
    if not isinstance(filters, dict):
        raise InvalidArgumentError("filters: must be a dict")
    ids = {k: filters[k] for k in ("user_id", "agent_id", "run_id") if k in filters}
    rest = {k: v for k, v in filters.items() if k not in ids}
    return ids, rest


def iso(at: Any) -> str | None:
    """A reference time as ISO 8601: datetime (naive = UTC), date, ISO text, or Unix seconds."""
    if at is None:
        return None
    if isinstance(at, str):
        return at
    if isinstance(at, bool):
        raise InvalidArgumentError("at: must be a datetime, an ISO 8601 string or Unix seconds")
    if isinstance(at, (int, float)):
        return _dt.datetime.fromtimestamp(at, tz=_dt.timezone.utc).isoformat()
    if isinstance(at, _dt.datetime):
        return at.isoformat()
    if isinstance(at, _dt.date):
        return at.isoformat()
    raise InvalidArgumentError("at: must be a datetime, an ISO 8601 string or Unix seconds")


MAX_JSON_DEPTH = 64  # as engram/json_limits.h: deeper documents are refused, never recursed


def check_depth(value: Any, what: str) -> None:
    """InvalidArgumentError when dicts and lists in `value` nest deeper than MAX_JSON_DEPTH.
    Iterative, so a hostile value cannot exhaust the stack while it is checked."""
    todo = [(value, 1)] if isinstance(value, (dict, list, tuple)) else []
    while todo:
        v, depth = todo.pop()
        if depth > MAX_JSON_DEPTH:
            raise InvalidArgumentError(f"{what}: nested deeper than {MAX_JSON_DEPTH} levels")
        for child in (v.values() if isinstance(v, dict) else v):
            if isinstance(child, (dict, list, tuple)):
                todo.append((child, depth + 1))


def metadata_json(metadata: Any) -> str:
    if metadata is None:
        return "{}"
    if not isinstance(metadata, dict):
        raise InvalidArgumentError("metadata: must be a dict")
    check_depth(metadata, "metadata")
    try:
        return json.dumps(metadata, ensure_ascii=False, default=_json_default)
    except (TypeError, ValueError) as e:
        raise InvalidArgumentError(f"metadata: not JSON-serializable ({e})") from None


def _json_default(value: Any) -> Any:
    if isinstance(value, (_dt.datetime, _dt.date)):
        return value.isoformat()
    raise TypeError(f"{type(value).__name__} is not JSON-serializable")


def messages(value: Any) -> list[dict]:
    """Mem0's message forms (str, dict, list of dicts) as [{"role", "content", ...}], without
    system messages."""
    if isinstance(value, str):
        value = [{"role": "user", "content": value}]
    elif isinstance(value, dict):
        value = [value]
    elif not isinstance(value, (list, tuple)):
        raise InvalidArgumentError("messages: must be a str, a dict or a list of dicts")
    out = []
    for i, m in enumerate(value):
        if not isinstance(m, dict) or not isinstance(m.get("content"), str):
            raise InvalidArgumentError(f"messages[{i}]: must be a dict with a string 'content'")
        role = m.get("role") or "user"
        if not isinstance(role, str):
            raise InvalidArgumentError(f"messages[{i}].role: must be a string")
        if role == "system":
            continue
        msg = {"role": role, "content": m["content"]}
        if m.get("name") is not None:
            msg["name"] = str(m["name"])
        if m.get("at") is not None:
            msg["at"] = iso(m["at"])
        out.append(msg)
    return out


def memory_id(value: Any) -> int:
    """A memory id as given back by this package (a decimal string) or as an int."""
    if isinstance(value, bool):
        raise InvalidArgumentError("memory_id: must be an id returned by engramdb")
    try:
        n = int(value)
    except (TypeError, ValueError):
        raise InvalidArgumentError(f"memory_id: not an Engram memory id: {value!r}") from None
    if n <= 0 or n >= 2**63:
        raise InvalidArgumentError(f"memory_id: out of range: {value!r}")
    return n


def item(d: dict, *, created_at: str | None = None, explain: bool = False) -> dict:
    """One memory (or recall hit) dict in Mem0's result shape, plus Engram's fields."""
    scope = d["scope"]
    out = {
        "id": str(d.get("lineage_id") or d["id"]),
        "memory": d["content"],
        "hash": hashlib.md5(d["content"].encode()).hexdigest(),
        "metadata": d.get("metadata") or None,
        "created_at": created_at or d["recorded_at"],
        "updated_at": d["recorded_at"],
    }
    if "score" in d:
        out["score"] = d["score"]
    for key in ("relevance", "state", "superseded_by"):  # recall hits
        if key in d:
            out[key] = d[key]
    user = scope.get("user") or ""
    if user and not user.startswith((AGENT_USER_PREFIX, RUN_USER_PREFIX)):
        out["user_id"] = user
    if scope.get("agent"):
        out["agent_id"] = scope["agent"]
    session = d["source"].get("session_id")
    if session:
        out["run_id"] = session
    # Engram's own fields.
    out["version"] = d["version"]
    out["version_id"] = str(d["id"])
    out["current"] = d["current"]
    out["status"] = d["status"]
    out["type"] = d["type"]
    out["kind"] = d["kind"]
    out["at"] = d["source"]["at"]
    out["time"] = d["time"]
    out["confidence"] = d["confidence"]
    if "channels" in d:
        out["channels"] = d["channels"]
    if explain and "explanation" in d:
        out["explanation"] = d["explanation"]
    return out


def add_event(d: dict, r: dict) -> str:
    """Mem0's event for a memory an add() returned: "NONE" when the message only repeated a
    current fact (reinforced), "UPDATE" when it is a new version of an earlier one, else
    "ADD" (outranked statements and unconfirmed weak facts are added as history:
    current is False)."""
    if d["id"] in r.get("reinforced", ()):
        return "NONE"
    if d.get("supersedes") and d["id"] not in r.get("outranked", ()):
        return "UPDATE"
    return "ADD"


def pipeline_entry(r: dict) -> dict:
    """What the write path made of one message (POST /v1/memories' result minus its
    memories): guard verdict, signals, event, entities, coreferences, review items, and the
    ids superseded, reinforced, outranked or kept as weak-fact candidates."""
    keys = ("message_id", "guard", "signals", "event", "entities", "coreferences",
            "review_items", "superseded", "reinforced", "outranked", "candidates")
    return {k: r[k] for k in keys if k in r}


def history_entries(versions: list[dict]) -> list[dict]:
    """Mem0's history rows (ADD, UPDATE..., DELETE) from every version, oldest first."""
    out = []
    if not versions:
        return out
    lineage = str(versions[0].get("lineage_id") or versions[0]["id"])
    created = versions[0]["recorded_at"]
    previous = None
    for i, v in enumerate(versions):
        out.append({
            "id": str(v["id"]), "memory_id": lineage, "old_memory": previous,
            "new_memory": v["content"], "event": "ADD" if i == 0 else "UPDATE",
            "created_at": created, "updated_at": v["recorded_at"], "is_deleted": False,
            "actor_id": None, "role": None, "version": v["version"],
        })
        previous = v["content"]
    last = versions[-1]
    if last["status"] == "deleted":
        out.append({
            "id": str(last["id"]), "memory_id": lineage, "old_memory": last["content"],
            "new_memory": None, "event": "DELETE", "created_at": created,
            "updated_at": last.get("superseded_at") or last.get("valid_to") or last["recorded_at"],
            "is_deleted": True, "actor_id": None, "role": None, "version": last["version"],
        })
    return out


def recall_filters(ids: Ids, meta_filters: dict) -> dict:
    """The engine's recall filter (REST `filters` shape) for a Mem0 scope and metadata
    conditions: memories of the named agent and run only."""
    out: dict = {}
    if ids.agent is not None:
        out["agent_id"] = ids.agent
    if ids.run is not None:
        out["session_id"] = ids.run
    if meta_filters:
        check_depth(meta_filters, "filters")
        out["metadata"] = meta_filters
    return out


def matches(it: dict, ids: Ids, meta_filters: dict) -> bool:
    """Whether a Mem0 item is in the named agent and run, and passes the metadata filters."""
    if ids.agent is not None and it.get("agent_id") != ids.agent:
        return False
    if ids.run is not None and it.get("run_id") != ids.run:
        return False
    check_depth(meta_filters, "filters")
    return _match_all(it.get("metadata") or {}, meta_filters)


def _match_all(meta: dict, filters: dict) -> bool:
    return all(_match_key(meta, k, v) for k, v in filters.items())


def _match_key(meta: dict, key: str, cond: Any) -> bool:
    if key == "AND":
        return all(_match_all(meta, f) for f in _filter_list(key, cond))
    if key == "OR":
        return any(_match_all(meta, f) for f in _filter_list(key, cond))
    if key == "NOT":
        return not any(_match_all(meta, f) for f in _filter_list(key, cond))
    if cond == "*":
        return key in meta
    if not isinstance(cond, dict):
        return key in meta and meta[key] == cond
    return all(_match_op(meta, key, op, arg) for op, arg in cond.items())


def _filter_list(key: str, cond: Any) -> Iterable[dict]:
    if not isinstance(cond, list) or not all(isinstance(f, dict) for f in cond):
        raise InvalidArgumentError(f"filters.{key}: must be a list of filter dicts")
    return cond


def _match_op(meta: dict, key: str, op: str, arg: Any) -> bool:
    present = key in meta
    value = meta.get(key)
    try:
        if op == "eq":
            return present and value == arg
        if op == "ne":
            return not present or value != arg
        if op == "in":
            return present and value in arg
        if op == "nin":
            return not present or value not in arg
        if op in ("gt", "gte", "lt", "lte"):
            if not present or value is None:
                return False
            return {"gt": value > arg, "gte": value >= arg, "lt": value < arg,
                    "lte": value <= arg}[op]
        if op == "contains":
            return present and isinstance(value, str) and str(arg) in value
        if op == "icontains":
            return present and isinstance(value, str) and str(arg).lower() in value.lower()
    except TypeError:
        return False
    raise InvalidArgumentError(f"filters.{key}: unknown operator '{op}'")
