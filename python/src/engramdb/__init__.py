"""engramdb: Engram, the long-term memory engine for AI agents, from Python.

  engramdb.Memory        in-process (the C++ engine in this process), Mem0's API
  engramdb.Client        the same methods over the REST API of `engram serve` (httpx)
  engramdb.AsyncClient   the same, async
  engramdb.Engine, Options, Principal, ...   the bound public C++ API (engramdb._engramdb)
  engramdb.errors        exceptions, one per engine status code

Integrations (import them explicitly): engramdb.langgraph_store.EngramStore,
engramdb.langchain_retriever.EngramRetriever.
"""

import os as _os

# Idle OpenMP threads (the e5 embedder) wait passively unless the user chose otherwise:
# libgomp reads this once, when the extension below loads it (src/embed/omp_passive_wait.c
# does the same for the executables). Spinning threads slowed an in-process `add` ~6x on a
# shared machine.
_os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

from ._engramdb import (  # noqa: F401, E402
    Engine,
    Grain,
    Instant,
    MemoryKind,
    MemoryStatus,
    MemoryType,
    Options,
    Principal,
    SourceType,
    Visibility,
    parse_time,
)
from .errors import (  # noqa: F401
    ConflictError,
    EngramError,
    InvalidArgumentError,
    NotFoundError,
    NotSupportedError,
    PermissionDeniedError,
    UnauthenticatedError,
)
from .memory import Memory  # noqa: F401

__version__ = "0.1.0"


def __getattr__(name):
    # The HTTP clients import httpx only when used.
    if name in ("Client", "AsyncClient"):
        from . import client
        return getattr(client, name)
    raise AttributeError(f"module 'engramdb' has no attribute '{name}'")


__all__ = [
    "AsyncClient", "Client", "ConflictError", "Engine", "EngramError", "Grain", "Instant",
    "InvalidArgumentError", "Memory", "MemoryKind", "MemoryStatus", "MemoryType",
    "NotFoundError", "NotSupportedError", "Options", "PermissionDeniedError", "Principal",
    "SourceType", "UnauthenticatedError", "Visibility", "parse_time",
]
