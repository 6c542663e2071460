"""engramdb.Memory: Engram in-process, with Mem0's API (``mem0.Memory``).

    from engramdb import Memory
    m = Memory(path="agent.db", config={"embedder": "hashing"})
    m.add("I moved to Berlin in May", user_id="alice", metadata={"source": "chat"})
    m.search("where does alice live?", user_id="alice", limit=3)["results"]

Results are plain dicts with Mem0's keys (id, memory, hash, metadata, score, created_at,
updated_at, user_id, agent_id, run_id, event) plus Engram's (version, version_id, current,
status, type, kind, at, time, confidence, channels). Ids are the memory's lineage id as a
string: stable across update(), which writes a new version instead of overwriting.

Thread safety: a Memory may be used from many threads; engine calls release the GIL.
"""

from __future__ import annotations

import json
import os
from typing import Any

from . import _ops, _shape
from ._engramdb import Engine, Options, Principal
from ._owners import Owners
from .errors import InvalidArgumentError, NotSupportedError

_OPTION_NAMES = frozenset(n for n in dir(Options) if not n.startswith("_"))


def make_options(path: str | os.PathLike | None, config: Any) -> Options:
    """Options from a dict of Options fields (or an Options); `path` sets db_path."""
    if isinstance(config, Options):
        options = config
    else:
        options = Options()
        for key, value in (config or {}).items():
            if key not in _OPTION_NAMES:
                raise InvalidArgumentError(f"config: unknown option '{key}'")
            try:
                setattr(options, key, value)
            except TypeError as e:
                raise InvalidArgumentError(f"config.{key}: {e}") from None
    if path is not None:
        options.db_path = os.fspath(path)
    return options


def _principal(ids: _shape.Ids) -> Principal:
    if ids.user is None:
        raise InvalidArgumentError("at least one of user_id, agent_id or run_id is required")
    return Principal(ids.user, ids.agent or "")


class _EngineBackend:
    """Performs _ops calls on an in-process Engine."""

    def __init__(self, engine: Engine):
        self.engine = engine

    def __call__(self, call: _ops.Call):
        return getattr(self, call.name)(*call.args)

    def remember(self, ids, messages, at, metadata, infer=True):
        p, meta = _principal(ids), _shape.metadata_json(metadata)
        # One remember per message, in order; the engine embeds their passages in batches.
        made = self.engine.remember_many(
            p, [m["content"] for m in messages], session_id=ids.run or "",
            ats=[m.get("at") or at for m in messages], roles=[m["role"] for m in messages],
            metadata_json=meta, infer=infer)
        return [r.to_dict() for r in made]

    def recall(self, ids, query, limit, at, include_history, filters, threshold=None):
        if "metadata" in filters:
            _shape.check_depth(filters["metadata"], "filters")
        where = json.dumps(filters["metadata"]) if "metadata" in filters else ""
        return self.engine.recall(_principal(ids), query, at=at, limit=limit,
                                  include_history=include_history,
                                  session_id=ids.run or "",
                                  from_session=filters.get("session_id", ""),
                                  from_agent=filters.get("agent_id", ""),
                                  where=where, min_relevance=threshold).to_dict()

    def get(self, ids, mid):
        return self.engine.get(_principal(ids), mid).to_dict()

    def list(self, ids, after, limit):
        return self.engine.list(_principal(ids), session_id=ids.run or "", after_id=after,
                                limit=limit).to_dict()

    def history(self, ids, mid):
        return [v.to_dict() for v in self.engine.history(_principal(ids), mid)]

    def correct(self, ids, mid, text, at, metadata=None):
        meta = None if metadata is None else _shape.metadata_json(metadata)
        return self.engine.correct(_principal(ids), mid, text, at=at,
                                   metadata_json=meta).to_dict()

    def forget(self, ids, mid, hard):
        self.engine.forget(_principal(ids), mid, hard=hard)

    def entities(self, ids, query, type_, after, limit):
        return self.engine.list_entities(_principal(ids), query=query, type=type_,
                                         after_id=after, limit=limit).to_dict()

    def relations(self, ids, eid, limit):
        return self.engine.entity_relations(_principal(ids), eid, limit=limit).to_dict()

    def import_entities(self, ids, entries):
        return self.engine.import_entities(_principal(ids), entries).to_dict()


def _store_location(options: Options) -> tuple[str, str]:
    """(backend, SQLite path) of the store `options` open: the store URI wins over backend
    and db_path, as the engine reads them (Options::store in engram/options.h)."""
    uri = options.store
    if not uri:
        return options.backend, options.db_path if options.backend == "sqlite" else ""
    if uri.startswith(("postgres://", "postgresql://", "postgres:")):
        return "postgres", ""
    if uri in ("memory", "memory:"):
        return "memory", ""
    return "sqlite", uri[len("sqlite:"):] if uri.startswith("sqlite:") else uri


class Memory:
    """Engram in-process with Mem0's methods. `config`: a dict of Options fields (e.g.
    ``{"embedder": "hashing"}``) or an ``Options``; `user_id`: the scope of calls that name
    none (Mem0 requires one on every call)."""

    def __init__(self, path: str | os.PathLike | None = "engram.db", config: Any = None, *,
                 user_id: str | None = None, agent_id: str | None = None):
        self._options = make_options(path, config)
        default = (_shape.make_ids(user_id, agent_id, None, required=True)
                   if user_id is not None or agent_id is not None else None)
        self._owners = Owners(default, required=True)
        self._backend = _EngineBackend(Engine.open(self._options))

    @classmethod
    def from_config(cls, config_dict: dict) -> "Memory":
        """Accepts Mem0's config dict as well as {"path": ..., <Options fields>}; see
        engramdb.mem0_config for how Mem0's sections map to Engram options."""
        from ._mem0_config import translate
        path, options = translate(config_dict)
        return cls(path=path, config=options)

    @property
    def engine(self) -> Engine:
        """The low-level engine (engramdb._engramdb.Engine) for everything beyond Mem0's API."""
        return self._backend.engine

    @property
    def options(self) -> Options:
        return self._options

    def _run(self, op):
        return _ops.run(op, self._backend)

    def add(self, messages, *, user_id=None, agent_id=None, run_id=None, metadata=None,
            at=None, infer: bool = True, timestamp=None, **unsupported) -> dict:
        """Stores each non-system message as one memory of the scope; `at` (or Mem0's
        `timestamp`) is when it was said. No LLM is called either way; each message is one
        memory that keeps `metadata`. `infer=True` lets the rule stages read a kind into it
        (preference, temporary state, task, event: the kind sets its TTL); `infer=False` stores
        it raw, without kind or TTL. The guard and PII masking run either way."""
        _reject(unsupported, "add", {"prompt", "memory_type"})
        ids = self._owners.scope(user_id, agent_id, run_id)
        return self._run(_ops.add(self._owners, messages, ids, metadata,
                                  at if at is not None else timestamp, infer))

    def search(self, query: str, *, user_id=None, agent_id=None, run_id=None,
               limit: int | None = None, top_k: int | None = None, filters: dict | None = None,
               threshold: float | None = None, at=None, include_history: bool = False,
               explain: bool = False, rerank: bool = True) -> dict:
        """Memories relevant to `query`, best first. Filters: Mem0's (user_id / agent_id /
        run_id, and metadata conditions with eq, ne, in, nin, gt, gte, lt, lte, contains,
        icontains, "*", AND, OR, NOT), applied by the engine inside recall. `threshold` in
        [0, 1] leaves out hits whose `relevance` is below it (the engine's min_relevance;
        None: Options.min_relevance). `rerank` is always on."""
        id_filters, meta = _shape.split_filters(filters)
        ids = self._owners.scope(user_id or id_filters.get("user_id"),
                                 agent_id or id_filters.get("agent_id"),
                                 run_id or id_filters.get("run_id"))
        return self._run(_ops.search(self._owners, query, ids, _limit(limit, top_k, 20), meta,
                                     threshold, at, include_history, explain))

    def get_all(self, *, user_id=None, agent_id=None, run_id=None, filters: dict | None = None,
                limit: int | None = None, top_k: int | None = None) -> dict:
        """Current memories of the scope, oldest first."""
        id_filters, meta = _shape.split_filters(filters)
        ids = self._owners.scope(user_id or id_filters.get("user_id"),
                                 agent_id or id_filters.get("agent_id"),
                                 run_id or id_filters.get("run_id"))
        return self._run(_ops.get_all(self._owners, ids, _limit(limit, top_k, 100), meta))

    def get(self, memory_id, *, user_id=None, agent_id=None, run_id=None) -> dict | None:
        """The memory's current version, or None (absent, forgotten or not visible)."""
        ids = self._owners.resolve(memory_id, user_id, agent_id, run_id)
        return self._run(_ops.get(self._owners, memory_id, ids))

    def update(self, memory_id, text: str | None = None, metadata: dict | None = None, *,
               data: str | None = None, user_id=None, agent_id=None, run_id=None,
               at=None) -> dict:
        """Writes a corrected version; the old one stays in history(). The id stays valid.
        `metadata` replaces the metadata on the new version (None keeps it); metadata alone
        writes a new version with the same text."""
        ids = self._owners.resolve(memory_id, user_id, agent_id, run_id)
        return self._run(_ops.update(self._owners, memory_id, text if text is not None else data,
                                     metadata, ids, at))

    def delete(self, memory_id, *, user_id=None, agent_id=None, run_id=None,
               hard: bool = False) -> dict:
        """Retires the memory (every version); `hard` also erases its text."""
        ids = self._owners.resolve(memory_id, user_id, agent_id, run_id)
        return self._run(_ops.delete(self._owners, memory_id, ids, hard))

    def delete_all(self, *, user_id=None, agent_id=None, run_id=None, hard: bool = False) -> dict:
        """Retires every current memory of the scope."""
        ids = _shape.make_ids(user_id, agent_id, run_id, required=True)
        return self._run(_ops.delete_all(self._owners, ids, hard))

    def history(self, memory_id, *, user_id=None, agent_id=None, run_id=None) -> list[dict]:
        """Mem0's history rows: ADD, then one UPDATE per correction, then DELETE if forgotten."""
        ids = self._owners.resolve(memory_id, user_id, agent_id, run_id)
        return self._run(_ops.history(self._owners, memory_id, ids))

    def list_entities(self, query: str = "", *, type: str = "", user_id=None, agent_id=None,
                      limit: int = 100) -> dict:
        """Entities of the directory the scope may see (imported, or found in messages), in id
        order: {"results": [entity dicts]}. `query` matches part of a name, alias, role or
        external id; `type` one entity type (person, org, place, project, ...)."""
        ids = self._owners.scope(user_id, agent_id, None)
        return self._run(_ops.list_entities(self._owners, ids, query, type, limit))

    def entity_relations(self, entity_id, *, user_id=None, agent_id=None,
                         limit: int = 50) -> dict:
        """The entity and its relations in the scope's current memories: {"entity",
        "relations": [{"predicate", "direction", "object", "value", "memory_ids"}]} — the
        whitelisted edges its facts state ("outgoing"), those other entities' facts point at it
        ("incoming": `object` is their subject), then the entities mentioned together with it
        ("co_mentioned", "mutual"). `value` is a literal object (a title, a masked e-mail), else
        None. NotFoundError when the entity is absent or not visible."""
        ids = self._owners.scope(user_id, agent_id, None)
        return self._run(_ops.entity_relations(self._owners, entity_id, ids, limit))

    def import_entities(self, entries, *, user_id=None, agent_id=None) -> dict:
        """Creates or updates directory entries, all or nothing. Each entry is a dict:
        {"name", "type"="person", "aliases"=[], "roles"=[], "external_id", "visibility"=
        "private" | "team" | "public", "team_id"}. Later messages link mentions of a name,
        alias or role to the entry, and search's graph channel finds memories through it.
        Returns {"request_id", "created", "updated", "entities"}."""
        ids = self._owners.scope(user_id, agent_id, None)
        return self._run(_ops.import_entities(self._owners, entries, ids))

    def reset(self) -> None:
        """Erases everything: closes the engine, deletes the database, its WAL, its audit
        anchor, its vector index and its default PII vault key file (SQLite backend), and
        opens an empty one. An
        in-memory store starts empty again. A PostgreSQL store is shared by other servers and
        tenants: reset raises NotSupportedError there (nothing is erased); use delete_all per
        user, or drop the schema."""
        backend, db = _store_location(self._options)
        if backend not in ("sqlite", "memory"):
            raise NotSupportedError(
                f"reset: a {backend} store is shared; nothing was erased (use delete_all per "
                "user, or drop the schema)")
        self._backend.engine.close()
        self._owners.clear()
        if backend == "sqlite":
            # The audit anchor too: left behind, it would vouch for the erased chain and the
            # new database's chain would never verify.
            paths = [db, db + "-wal", db + "-shm", db + ".audit-head",
                     self._options.vector_index_path or db + ".vectors"]
            if not self._options.vault_key_file:  # a named key file may serve other databases
                paths.append(db + ".key")
            for path in paths:
                try:
                    os.remove(path)
                except FileNotFoundError:
                    pass
        self._backend = _EngineBackend(Engine.open(self._options))

    def close(self) -> None:
        self._backend.engine.close()

    def __enter__(self) -> "Memory":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _limit(limit, top_k, default: int) -> int:
    if limit is not None and top_k is not None and limit != top_k:
        raise InvalidArgumentError("limit and top_k differ; give one")
    return limit if limit is not None else top_k if top_k is not None else default


def _reject(unsupported: dict, method: str, known: set) -> None:
    for key in unsupported:
        if key in known:
            raise NotSupportedError(f"{method}: '{key}' is not supported by Engram")
        raise TypeError(f"{method}() got an unexpected keyword argument '{key}'")
