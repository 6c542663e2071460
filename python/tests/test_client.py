"""engramdb.Client and AsyncClient against a real `engram serve` on loopback."""

import asyncio

import pytest

import engramdb
from engramdb import errors


def test_client_round_trip_with_api_key(server):
    with engramdb.Client(server.url, api_key=server.alice_key) as c:
        added = c.add([{"role": "user", "content": "Alice's flight to Tokyo is on Friday"},
                       {"role": "assistant", "content": "I'll remind Alice about Tokyo"}],
                      run_id="trip", metadata={"topic": "travel"},
                      at="2024-06-10T09:00:00+08:00")["results"]
        assert [r["role"] for r in added] == ["user", "assistant"]
        assert all(r["user_id"] == "alice" and r["run_id"] == "trip" for r in added)
        assert added[0]["metadata"] == {"topic": "travel"}
        mid = added[0]["id"]
        hits = c.search("Tokyo flight", limit=5)["results"]
        assert mid in [h["id"] for h in hits]
        assert all(h["score"] > 0 and "channels" in h for h in hits)
        assert c.search("Tokyo", filters={"topic": "travel", "run_id": "trip"})["results"]
        assert c.get(mid)["memory"] == "Alice's flight to Tokyo is on Friday"
        assert c.update(mid, "Alice's flight to Tokyo moved to Saturday")["version"] == 2
        assert c.get(mid)["memory"] == "Alice's flight to Tokyo moved to Saturday"
        assert [h["event"] for h in c.history(mid)] == ["ADD", "UPDATE"]
        up = c.update(mid, metadata={"topic": "travel", "booked": True})
        assert up["version"] == 3 and up["metadata"] == {"topic": "travel", "booked": True}
        assert c.get(mid)["memory"] == "Alice's flight to Tokyo moved to Saturday"
        assert c.search("Tokyo", filters={"booked": True})["results"][0]["id"] == mid
        others = [h["id"] for h in c.search("Tokyo", filters={"booked": {"ne": True}})["results"]]
        assert mid not in others and len(others) == 1  # the assistant's turn
        with pytest.raises(errors.InvalidArgumentError, match="unknown operator"):
            c.search("Tokyo", filters={"booked": {"like": True}})
        assert len(c.get_all(run_id="trip")["results"]) == 2
        c.delete(mid)
        assert c.get(mid) is None
        assert c.delete_all(user_id="alice")["deleted"] >= 1
        assert c.get_all()["results"] == []


def test_client_errors_are_mapped(server):
    with engramdb.Client(server.url, api_key=server.bob_key) as bob:
        with pytest.raises(errors.PermissionDeniedError):
            bob.add("not mine", user_id="alice")
        with pytest.raises(errors.InvalidArgumentError):
            bob.add("", user_id="bob")
        assert bob.get("999999") is None
        with pytest.raises(errors.NotFoundError):
            bob.delete("999999")
    with engramdb.Client(server.url, api_key="ek_0000000000000000_" + "0" * 32) as bad:
        with pytest.raises(errors.UnauthenticatedError):
            bad.search("anything")
    with engramdb.Client("http://127.0.0.1:9", api_key="x", timeout=2) as down:
        with pytest.raises(errors.UnavailableError):
            down.search("anything")


def test_users_are_isolated(server):
    with engramdb.Client(server.url, api_key=server.alice_key) as alice, \
            engramdb.Client(server.url, api_key=server.bob_key) as bob:
        mid = alice.add("alice's locker code is 4512")["results"][0]["id"]
        assert bob.get(mid) is None
        assert all(r["id"] != mid for r in bob.search("locker code")["results"])
        alice.delete(mid)


def test_dev_mode_names_users_and_agents(dev_server):
    with engramdb.Client(dev_server.url, api_key="") as c:
        added = c.add("the planner keeps a todo list", agent_id="planner")
        out = added["results"]
        assert out[0]["agent_id"] == "planner" and out[0]["event"] == "ADD"
        (p,) = added["pipeline"]  # as Memory.add: what the server's write path made
        assert p["guard"] == "clean" and p["message_id"] > 0 and isinstance(p["signals"], list)
        assert c.get_all(agent_id="planner")["results"][0]["memory"] == (
            "the planner keeps a todo list")
        with pytest.raises(errors.InvalidArgumentError):
            c.search("todo")  # --dev needs a user on every call


def test_async_client(server):
    async def main():
        async with engramdb.AsyncClient(server.url, api_key=server.alice_key) as c:
            mid = (await c.add("Alice adopted a cat named Miso"))["results"][0]["id"]
            results = await asyncio.gather(c.search("cat Miso"), c.get(mid), c.history(mid))
            assert results[0]["results"][0]["id"] == mid
            assert results[1]["memory"] == "Alice adopted a cat named Miso"
            assert results[2][0]["event"] == "ADD"
            await c.update(mid, "Alice adopted two cats, Miso and Tofu")
            assert (await c.get(mid))["version"] == 2
            assert (await c.delete(mid))["message"] == "Memory deleted successfully!"

    asyncio.run(main())


def test_reset_erases_the_keys_user_only(server):
    carol_key = server.create_key("carol")
    dave_key = server.create_key("dave")
    with engramdb.Client(server.url, api_key=carol_key) as carol, \
            engramdb.Client(server.url, api_key=dave_key) as dave:
        carol.add("carol's desk is 4F-12")
        dave_id = dave.add("dave's desk is 2B-07")["results"][0]["id"]
        out = carol.reset()
        assert out["user_id"] == "carol" and out["erased"]["memories"] == 1
        assert out["erased"]["api_keys"] == 1
        with pytest.raises(errors.UnauthenticatedError):  # its key went with the user
            carol.get_all()
        assert dave.get(dave_id)["memory"] == "dave's desk is 2B-07"


def test_async_reset_in_dev_mode(dev_server):
    async def main():
        async with engramdb.AsyncClient(dev_server.url, api_key="", user_id="erin") as c:
            await c.add("erin's badge number is 7")
            assert (await c.reset())["erased"]["memories"] == 1
            assert (await c.get_all())["results"] == []
            assert (await c.reset())["erased"] == {}  # nothing left: still a success

    asyncio.run(main())


def test_client_entities(server, tmp_path):
    people = tmp_path / "people.jsonl"
    people.write_text('{"name": "张伟", "aliases": ["张工"], "id": "E001"}\n'
                      '{"name": "T-102", "type": "ticket", "id": "T-102"}\n', encoding="utf-8")
    server.cli("entities", "import", "--user", "alice", "--json", str(people))
    with engramdb.Client(server.url, api_key=server.alice_key) as c:
        mid = c.add("张工说工单T-102明天关闭")["results"][0]["id"]
        found = c.list_entities("张")["results"]
        assert [e["name"] for e in found] == ["张伟"]
        rel = c.entity_relations(found[0]["id"])
        assert [r["object"]["name"] for r in rel["relations"]] == ["T-102"]
        assert rel["relations"][0]["memory_ids"] == [int(mid)]
        assert rel["relations"][0]["direction"] == "mutual"
        assert [e["name"] for e in c.list_entities(type="ticket")["results"]] == ["T-102"]
        c.delete(mid)
    with engramdb.Client(server.url, api_key=server.bob_key) as bob:
        assert bob.list_entities("张")["results"] == []
        with pytest.raises(errors.NotFoundError):
            bob.entity_relations(found[0]["id"])
