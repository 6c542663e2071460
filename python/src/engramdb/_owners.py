"""Which scope a memory id belongs to, as far as this object has seen.

Mem0's get/update/delete/history take a bare memory id, but every Engram call acts for a
principal. Memory and Client therefore remember the owner of every id they returned, and
resolve a bare id through it; an explicit user_id/agent_id/run_id always wins.
"""

from __future__ import annotations

import collections
import threading

from . import _shape
from .errors import InvalidArgumentError

_MAX_IDS = 100_000


class Owners:
    """A bounded id -> Ids map (least recently learned ids are dropped first). Thread-safe."""

    def __init__(self, default: _shape.Ids | None, required: bool, synthesize: bool = True):
        self._default = default
        self._required = required
        self._synthesize = synthesize
        self._ids: collections.OrderedDict[int, _shape.Ids] = collections.OrderedDict()
        self._lock = threading.Lock()

    def learn(self, items: list[dict], ids: _shape.Ids) -> None:
        with self._lock:
            for it in items:
                for key in (it["id"], it["version_id"]):
                    self._ids[int(key)] = ids
                    self._ids.move_to_end(int(key))
            while len(self._ids) > _MAX_IDS:
                self._ids.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._ids.clear()

    def resolve(self, memory_id, user_id, agent_id, run_id) -> _shape.Ids:
        """The scope to act in for a call on `memory_id`."""
        if user_id is not None or agent_id is not None or run_id is not None:
            return _shape.make_ids(user_id, agent_id, run_id, required=self._required,
                                   synthesize=self._synthesize)
        with self._lock:
            try:
                known = self._ids.get(_shape.memory_id(memory_id))
            except InvalidArgumentError:
                known = None
        if known is not None:
            return _shape.Ids(known.user, known.agent, None)
        if self._default is not None:
            return self._default
        if self._required:
            raise InvalidArgumentError(
                f"memory {memory_id}: name its owner (user_id=..., agent_id=... or run_id=...); "
                "Engram checks every call against the memory's scope")
        return _shape.Ids(None, None, None)

    def scope(self, user_id, agent_id, run_id) -> _shape.Ids:
        """The scope for a call that names one (add, search, get_all, delete_all)."""
        if user_id is None and agent_id is None and run_id is None and self._default is not None:
            return self._default
        return _shape.make_ids(user_id, agent_id, run_id, required=self._required,
                                   synthesize=self._synthesize)
