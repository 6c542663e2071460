"""engramdb.Client / AsyncClient: Mem0's methods over the REST API of `engram serve`.

    client = engramdb.Client("http://127.0.0.1:8420", api_key="ek_...")
    client.add("I moved to Berlin in May", user_id="alice")
    client.search("where does alice live?", user_id="alice")["results"]

With an API key the server acts for the key's principal: user_id may be left out, and a
different one is refused (PermissionDeniedError). Without a key (a server started with
--dev, loopback only) every call names its user. Results are shaped as engramdb.Memory's.

Thread safety: a Client may be shared between threads (httpx.Client is); an AsyncClient
belongs to one event loop.
"""

from __future__ import annotations

import os
from typing import Any
from urllib.parse import quote

import httpx

from . import _ops, _shape
from ._owners import Owners
from .errors import DeadlineExceededError, UnavailableError, from_http


def _who(ids: _shape.Ids) -> dict:
    out = {}
    if ids.user is not None:
        out["user"] = ids.user
    if ids.agent is not None:
        out["agent"] = ids.agent
    return out


def _request(call: _ops.Call) -> tuple[str, str, dict, Any, Any]:
    """(method, path, query params, JSON body, result parser) of one backend call."""
    name, args = call
    ids = args[0]
    who = _who(ids)
    if name == "remember":
        _, messages, at, metadata, infer = args
        body = dict(who, messages=[{k: v for k, v in m.items() if k in ("role", "content", "at")}
                                   for m in messages], metadata=metadata, infer=infer)
        if ids.run:
            body["session"] = ids.run
        if at:
            body["at"] = at
        return "POST", "/v1/memories", {"sync": "true"}, body, \
            lambda r: r["results"]
    if name == "recall":
        _, query, limit, at, include_history, filters, threshold = args
        body = dict(who, query=query, limit=limit, include_history=include_history)
        if threshold is not None:
            body["threshold"] = threshold
        if filters:
            body["filters"] = filters
        if ids.run:
            body["session"] = ids.run
        if at:
            body["at"] = at
        return "POST", "/v1/search", {}, body, None
    if name == "get":
        return "GET", f"/v1/memories/{args[1]}", who, None, None
    if name == "list":
        params = dict(who, after=str(args[1]), limit=str(args[2]))
        if ids.run:
            params["session"] = ids.run
        return "GET", "/v1/memories", params, None, None
    if name == "history":
        return "GET", f"/v1/memories/{args[1]}/history", who, None, lambda r: r["versions"]
    if name == "correct":
        _, mid, text, at, metadata = args
        body = dict(who, text=text)
        if at:
            body["at"] = at
        if metadata is not None:
            body["metadata"] = metadata
        return "PATCH", f"/v1/memories/{mid}", who, body, None
    if name == "forget":
        params = dict(who, hard="true") if args[2] else who
        return "DELETE", f"/v1/memories/{args[1]}", params, None, lambda r: None
    if name == "whoami":  # the metrics of one's own user name it
        return "GET", "/v1/metrics/memory", who, None, lambda r: r["id"]
    if name == "erase":
        return "DELETE", f"/v1/users/{quote(args[1], safe='')}", who, None, None
    if name == "entities":
        _, query, type_, after, limit = args
        params = dict(who, after=str(after), limit=str(limit))
        if query:
            params["q"] = query
        if type_:
            params["type"] = type_
        return "GET", "/v1/entities", params, None, None
    if name == "relations":
        params = dict(who, limit=str(args[2]))
        return "GET", f"/v1/entities/{args[1]}/relations", params, None, None
    raise AssertionError(name)


def _result(response: httpx.Response, parse):
    if response.status_code >= 400:
        raise from_http(response.status_code, response.content)
    body = response.json()
    return parse(body) if parse else body


def _headers(api_key: str | None) -> dict:
    key = api_key if api_key is not None else os.environ.get("ENGRAM_API_KEY")
    return {"Authorization": f"Bearer {key}"} if key else {}


class _Base:
    def __init__(self, api_key, user_id, agent_id):
        self._headers = _headers(api_key)
        keyed = bool(self._headers)  # the key's principal is the user: none is made up
        default = (_shape.make_ids(user_id, agent_id, None, required=False, synthesize=not keyed)
                   if user_id is not None or agent_id is not None else None)
        self._owners = Owners(default, required=False, synthesize=not keyed)

    def _scope(self, user_id, agent_id, run_id, filters=None):
        id_filters, meta = _shape.split_filters(filters)
        ids = self._owners.scope(user_id or id_filters.get("user_id"),
                                 agent_id or id_filters.get("agent_id"),
                                 run_id or id_filters.get("run_id"))
        return ids, meta

    # Each public method builds an _ops operation; _drive runs it (sync or async).
    def add(self, messages, *, user_id=None, agent_id=None, run_id=None, metadata=None,
            at=None, infer: bool = True, timestamp=None):
        """As engramdb.Memory.add."""
        ids, _ = self._scope(user_id, agent_id, run_id)
        return self._drive(_ops.add(self._owners, messages, ids, metadata,
                                    at if at is not None else timestamp, infer))

    def search(self, query, *, user_id=None, agent_id=None, run_id=None, limit=None, top_k=None,
               filters=None, threshold=None, at=None, include_history=False, explain=False,
               rerank=True):
        """As engramdb.Memory.search."""
        ids, meta = self._scope(user_id, agent_id, run_id, filters)
        from .memory import _limit
        return self._drive(_ops.search(self._owners, query, ids, _limit(limit, top_k, 20), meta,
                                       threshold, at, include_history, explain))

    def get_all(self, *, user_id=None, agent_id=None, run_id=None, filters=None, limit=None,
                top_k=None):
        """As engramdb.Memory.get_all."""
        ids, meta = self._scope(user_id, agent_id, run_id, filters)
        from .memory import _limit
        return self._drive(_ops.get_all(self._owners, ids, _limit(limit, top_k, 100), meta))

    def get(self, memory_id, *, user_id=None, agent_id=None, run_id=None):
        """As engramdb.Memory.get."""
        ids = self._owners.resolve(memory_id, user_id, agent_id, run_id)
        return self._drive(_ops.get(self._owners, memory_id, ids))

    def update(self, memory_id, text=None, metadata=None, *, data=None, user_id=None,
               agent_id=None, run_id=None, at=None):
        """As engramdb.Memory.update."""
        ids = self._owners.resolve(memory_id, user_id, agent_id, run_id)
        return self._drive(_ops.update(self._owners, memory_id,
                                       text if text is not None else data, metadata, ids, at))

    def delete(self, memory_id, *, user_id=None, agent_id=None, run_id=None, hard=False):
        """As engramdb.Memory.delete."""
        ids = self._owners.resolve(memory_id, user_id, agent_id, run_id)
        return self._drive(_ops.delete(self._owners, memory_id, ids, hard))

    def delete_all(self, *, user_id=None, agent_id=None, run_id=None, hard=False):
        """As engramdb.Memory.delete_all (the key's own memories when no id is named)."""
        ids, _ = self._scope(user_id, agent_id, run_id)
        return self._drive(_ops.delete_all(self._owners, ids, hard))

    def history(self, memory_id, *, user_id=None, agent_id=None, run_id=None):
        """As engramdb.Memory.history."""
        ids = self._owners.resolve(memory_id, user_id, agent_id, run_id)
        return self._drive(_ops.history(self._owners, memory_id, ids))

    def reset(self, *, user_id=None):
        """Erases everything of the user this client acts for (the API key's user, or
        `user_id` / the client's default in --dev mode) with DELETE /v1/users/{id}: memories,
        messages, entities, vault entries, queued requests and that user's API keys, the key
        of this client included (later calls raise UnauthenticatedError). Other users' data
        and the database stay; see Memory.reset for erasing a whole database."""
        ids = self._owners.scope(user_id, None, None)
        return self._drive(_ops.reset(self._owners, ids))

    def list_entities(self, query="", *, type="", user_id=None, agent_id=None, limit=100):
        """As engramdb.Memory.list_entities (GET /v1/entities)."""
        ids = self._owners.scope(user_id, agent_id, None)
        return self._drive(_ops.list_entities(self._owners, ids, query, type, limit))

    def entity_relations(self, entity_id, *, user_id=None, agent_id=None, limit=50):
        """As engramdb.Memory.entity_relations (GET /v1/entities/{id}/relations)."""
        ids = self._owners.scope(user_id, agent_id, None)
        return self._drive(_ops.entity_relations(self._owners, entity_id, ids, limit))


class Client(_Base):
    """Synchronous client; `api_key` defaults to $ENGRAM_API_KEY."""

    def __init__(self, base_url: str = "http://127.0.0.1:8420", api_key: str | None = None, *,
                 user_id: str | None = None, agent_id: str | None = None,
                 timeout: float = 60.0, http_client: httpx.Client | None = None):
        super().__init__(api_key, user_id, agent_id)
        self._http = http_client or httpx.Client(base_url=base_url, timeout=timeout)

    def _do(self, call: _ops.Call):
        method, path, params, body, parse = _request(call)
        try:
            response = self._http.request(method, path, params=params, json=body,
                                          headers=self._headers)
        except httpx.TimeoutException as e:
            raise DeadlineExceededError(f"http: {e}") from e
        except httpx.TransportError as e:
            raise UnavailableError(f"http: {e}") from e
        return _result(response, parse)

    def _drive(self, op):
        return _ops.run(op, self._do)

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class AsyncClient(_Base):
    """Asynchronous client: every method of Client, awaited."""

    def __init__(self, base_url: str = "http://127.0.0.1:8420", api_key: str | None = None, *,
                 user_id: str | None = None, agent_id: str | None = None,
                 timeout: float = 60.0, http_client: httpx.AsyncClient | None = None):
        super().__init__(api_key, user_id, agent_id)
        self._http = http_client or httpx.AsyncClient(base_url=base_url, timeout=timeout)

    async def _do(self, call: _ops.Call):
        method, path, params, body, parse = _request(call)
        try:
            response = await self._http.request(method, path, params=params, json=body,
                                                headers=self._headers)
        except httpx.TimeoutException as e:
            raise DeadlineExceededError(f"http: {e}") from e
        except httpx.TransportError as e:
            raise UnavailableError(f"http: {e}") from e
        return _result(response, parse)

    def _drive(self, op):
        return _ops.run_async(op, self._do)  # a coroutine: the caller awaits it

    async def aclose(self) -> None:
        await self._http.aclose()

    async def __aenter__(self) -> "AsyncClient":
        return self

    async def __aexit__(self, *exc) -> None:
        await self.aclose()
