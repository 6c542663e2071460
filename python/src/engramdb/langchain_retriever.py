"""A LangChain retriever over Engram's recall (engramdb.Memory in-process, or a Client).

    retriever = EngramRetriever(memory=engramdb.Memory("agent.db"), user_id="alice", k=4)
    docs = retriever.invoke("where does alice live?")

Each Document's page_content is the memory's text; its metadata holds the memory's id, score,
times, version, confidence and the metadata given at add.
"""

from __future__ import annotations

from typing import Any, Optional

from langchain_core.callbacks import CallbackManagerForRetrieverRun
from langchain_core.documents import Document
from langchain_core.retrievers import BaseRetriever
from pydantic import ConfigDict


class EngramRetriever(BaseRetriever):
    """Recalls the `k` best memories of a scope for a query."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    memory: Any
    user_id: Optional[str] = None
    agent_id: Optional[str] = None
    run_id: Optional[str] = None
    k: int = 4
    filters: Optional[dict] = None

    def _get_relevant_documents(self, query: str, *,
                                run_manager: CallbackManagerForRetrieverRun) -> list[Document]:
        results = self.memory.search(query, user_id=self.user_id, agent_id=self.agent_id,
                                     run_id=self.run_id, limit=self.k,
                                     filters=self.filters)["results"]
        return [Document(page_content=r["memory"], id=r["id"], metadata={
            "id": r["id"], "score": r.get("score"), "created_at": r["created_at"],
            "at": r["at"], "time": r["time"], "version": r["version"],
            "confidence": r["confidence"]["overall"], **(r.get("metadata") or {})})
            for r in results]
