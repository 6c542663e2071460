"""Drives `engram mcp` (stdio) and `engram serve` /mcp (Streamable HTTP) with the official MCP
Python SDK (`mcp` from PyPI, pinned in scripts/requirements.txt).

Usage: mcp_client_test.py PATH/TO/engram     (exit 0 = pass)
"""
import asyncio
import json
import os
import sys
import tempfile

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamablehttp_client

sys.path.insert(0, os.path.dirname(__file__))
from engram_server import EngramServer  # noqa: E402

TOOLS = {"remember", "recall", "get_memory", "history", "correct", "forget", "feedback"}


def check(cond, what):
    if not cond:
        raise AssertionError(what)
    print("ok -", what)


async def exercise(session, transport, facts=False):
    init = await session.initialize()
    check(init.protocolVersion == "2025-06-18", f"{transport}: protocol 2025-06-18")
    check(init.serverInfo.name == "engram", f"{transport}: server is engram")
    tools = (await session.list_tools()).tools
    check({t.name for t in tools} == TOOLS, f"{transport}: the seven memory tools are listed")
    for t in tools:
        check(t.inputSchema.get("type") == "object", f"{transport}: {t.name} has a JSON Schema")
    r = await session.call_tool("remember", {"text": "张工的手机号是13800000000",
                                             "session": "s1"})
    check(not r.isError, f"{transport}: remember")
    made = r.structuredContent["memories"]  # the message's record, then its facts
    check([m["attribute"] for m in made] == (["", "hasPhone"] if facts else [""]),
          f"{transport}: the record{' and a hasPhone fact' if facts else ''}")
    mid = made[0]["id"]  # recall answers with the record (one hit per message)
    r = await session.call_tool("recall", {"query": "张工 手机号"})
    check(not r.isError and [h["id"] for h in r.structuredContent["results"]] == [mid],
          f"{transport}: recall finds it, one hit per message")
    r = await session.call_tool("get_memory", {"id": mid})
    check(json.loads(r.content[0].text)["id"] == mid, f"{transport}: get_memory")
    r = await session.call_tool("correct", {"id": mid, "text": "张工的手机号是13900000000"})
    check(not r.isError and r.structuredContent["version"] == 2, f"{transport}: correct")
    v2 = r.structuredContent["id"]
    r = await session.call_tool("history", {"id": v2})
    check(len(r.structuredContent["versions"]) == 2, f"{transport}: history has 2 versions")
    r = await session.call_tool("recall", {"query": "张工 手机号"})
    rid = r.structuredContent["request_id"]
    r = await session.call_tool("feedback", {"request_id": rid, "memory_id": v2,
                                             "verdict": "outdated",
                                             "correction": "张工的手机号是13911112222"})
    check(not r.isError and r.structuredContent["corrected"]["version"] == 3,
          f"{transport}: feedback with a correction writes version 3")
    v2 = r.structuredContent["corrected"]["id"]
    r = await session.call_tool("feedback", {"request_id": rid, "memory_id": v2,
                                             "verdict": "maybe"})
    check(r.isError and "InvalidArgument" in r.content[0].text,
          f"{transport}: an unknown verdict is an error")
    r = await session.call_tool("forget", {"id": v2})
    check(not r.isError, f"{transport}: forget")
    r = await session.call_tool("get_memory", {"id": 424242})
    check(r.isError and "NotFound" in r.content[0].text, f"{transport}: unknown id is an error")


async def stdio(engram):
    db = os.path.join(tempfile.mkdtemp(prefix="engram-mcp-"), "engram.db")
    params = StdioServerParameters(
        command=engram, args=["--db", db, "--no-extract-facts", "mcp", "--user", "alice",
                                       "--embedder", "none"])
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await exercise(session, "stdio", facts=False)


async def http(engram):
    server = EngramServer(engram, "--embedder", "none")
    key = server.create_key("alice")
    server.start()
    try:
        headers = {"Authorization": "Bearer " + key}
        async with streamablehttp_client(server.url + "/mcp", headers=headers) as (r, w, _):
            async with ClientSession(r, w) as session:
                await exercise(session, "http", facts=True)  # on by default
    finally:
        check(server.stop() == 0, "http: server drains and exits 0 on SIGTERM")


def main():
    engram = sys.argv[1]
    asyncio.run(stdio(engram))
    asyncio.run(http(engram))
    print("mcp client test: all passed")


if __name__ == "__main__":
    main()
