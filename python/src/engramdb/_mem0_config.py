"""Mem0's configuration dict, read as Engram options (Memory.from_config).

  {"path": ..., <Options field>: value, ...}     Engram's own form, taken as is.
  vector_store.config.path (a folder)            the database is <path>/engram.db
  embedder.provider "openai" (+ config model, openai_base_url / base_url, api_key)
                                                 Engram's OpenAI-compatible embedder
  embedder.provider anything else                Engram's local e5 (no download, offline)
  llm, reranker, graph_store, history_db_path, version, custom_instructions
                                                 ignored: Engram calls no LLM
"""

from __future__ import annotations

import os
import warnings

from .errors import InvalidArgumentError

API_KEY_ENV = "ENGRAMDB_EMBEDDER_API_KEY"
_IGNORED = {"llm", "reranker", "graph_store", "history_db_path", "version",
            "custom_instructions", "custom_fact_extraction_prompt", "custom_update_memory_prompt"}


def translate(config: dict) -> tuple[str | None, dict]:
    """(database path, Options fields) for a Mem0 or Engram config dict."""
    if not isinstance(config, dict):
        raise InvalidArgumentError("config: must be a dict")
    options = {}
    path = config.get("path")
    for key, value in config.items():
        if key in _IGNORED or key == "path":
            continue
        if key == "vector_store":
            path = path or _store_path(value)
        elif key == "embedder" and isinstance(value, dict):
            options.update(_embedder(value))
        else:
            options[key] = value
    return path or "engram.db", options


def _section(value, name: str) -> tuple[str, dict]:
    if not isinstance(value, dict):
        raise InvalidArgumentError(f"config.{name}: must be a dict")
    cfg = value.get("config") or {}
    if not isinstance(cfg, dict):
        raise InvalidArgumentError(f"config.{name}.config: must be a dict")
    return str(value.get("provider") or ""), cfg


def _store_path(value) -> str | None:
    _, cfg = _section(value, "vector_store")
    folder = cfg.get("path")
    if not folder:
        return None
    os.makedirs(folder, exist_ok=True)
    return os.path.join(folder, "engram.db")


def _embedder(value) -> dict:
    provider, cfg = _section(value, "embedder")
    if provider in ("e5", "hashing", "none"):
        return {"embedder": provider}
    if provider != "openai":
        warnings.warn(f"engramdb: embedder provider '{provider}' is not available in Engram; "
                      "using its local e5 embedder", stacklevel=4)
        return {"embedder": "e5"}
    base = (cfg.get("openai_base_url") or cfg.get("base_url") or os.environ.get("OPENAI_BASE_URL")
            or "https://api.openai.com/v1")
    out = {"embedder": "openai", "openai_base_url": base,
           "openai_model": cfg.get("model") or "text-embedding-3-small"}
    if cfg.get("api_key"):
        os.environ[API_KEY_ENV] = str(cfg["api_key"])  # the engine reads keys from the environment
        out["openai_api_key_env"] = API_KEY_ENV
    return out
