"""A LangChain retriever over Engram (offline: hashing embedder, temp db).

Run: PYTHONPATH=build/release/python:.deps/python python3 examples/langchain_retriever.py
"""

import tempfile

import engramdb
from engramdb.langchain_retriever import EngramRetriever


def main() -> None:
    folder = tempfile.mkdtemp(prefix="engram-langchain-")
    memory = engramdb.Memory(f"{folder}/agent.db", {"embedder": "hashing"})
    memory.add("Alice's T-102 invoice is due on March 3rd", user_id="alice",
               metadata={"source": "email"})
    memory.add("Alice prefers meetings after 10am", user_id="alice")
    memory.add("Bob's invoice T-207 was paid", user_id="bob")

    retriever = EngramRetriever(memory=memory, user_id="alice", k=2)
    docs = retriever.invoke("when is the T-102 invoice due?")
    for d in docs:
        print(f"{d.metadata['score']:.3f}  {d.page_content}  {d.metadata.get('source', '')}")
    assert docs[0].page_content == "Alice's T-102 invoice is due on March 3rd"
    assert all("Bob" not in d.page_content for d in docs)
    memory.close()


if __name__ == "__main__":
    main()
