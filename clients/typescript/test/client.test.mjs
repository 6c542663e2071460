// The client against a real `engram serve` (ENGRAM_BIN), with an API key: the Mem0-shaped
// methods, Engram's extras, errors; every request it sent is an operation of openapi.json.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { EngramError, MemoryClient } from "../dist/index.js";
import { startServer } from "./server.mjs";

const spec = JSON.parse(
  readFileSync(new URL("../../../apps/serve/openapi.json", import.meta.url), "utf8"));
const sent = []; // [method, path] of every request
let server;
let client;

// Records each request; a network failure says why, with what the server printed.
async function recordingFetch(url, init) {
  sent.push([init.method, new URL(url).pathname]);
  try {
    return await fetch(url, init);
  } catch (e) {
    throw new Error(`${init.method} ${url}: ${e.message} (${e.cause?.code ?? e.cause ?? "?"})\n` +
                    `server stderr:\n${server.log()}`);
  }
}

before(async () => {
  server = await startServer("--embedder", "hashing");
  client = new MemoryClient({ host: server.url, apiKey: server.key, fetch: recordingFetch });
});

after(async () => {
  assert.equal(await server.stop(), 0, "the server drains");
});

test("add, search, get, getAll, update, history, delete, deleteAll", async () => {
  const added = await client.add(
    [{ role: "user", content: "I live in Paris and I work as a nurse." }],
    { user_id: "alice", metadata: { topic: "bio" } });
  assert.deepEqual(added.results.map((r) => r.event), ["ADD"]);
  const paris = added.results[0].id;
  assert.equal(typeof paris, "string");
  const tea = (await client.add("My favourite drink is green tea.",
                                { run_id: "s2", metadata: { topic: "food" } })).results[0].id;

  const hits = await client.search("where does she live", { top_k: 5 });
  assert.ok(hits.results.some((h) => h.id === paris));
  assert.ok(hits.results.length <= 5 && typeof hits.request_id === "string");
  const food = await client.search("drink", {
    filters: { AND: [{ user_id: "alice" }, { metadata: { topic: "food" } }] },
  });
  assert.deepEqual(food.results.map((h) => h.id), [tea]);
  const run = await client.search("drink", { filters: { run_id: "s2" }, threshold: 0 });
  assert.deepEqual(run.results.map((h) => h.id), [tea]);

  const page = await client.getAll({ filters: { user_id: "alice" }, page_size: 1 });
  assert.equal(page.count, 2);
  assert.equal(page.results.length, 1);
  assert.ok(page.next);

  const updated = await client.update(paris, { text: "I live in Berlin and I work as a nurse." });
  assert.equal(updated.id, paris);
  const got = await client.get(paris);
  assert.match(got.memory, /Berlin/);
  assert.deepEqual(got.metadata, { topic: "bio" });
  const history = await client.history(paris);
  assert.deepEqual(history.map((h) => h.event), ["ADD", "UPDATE"]);
  assert.match(history[1].old_memory, /Paris/);

  await client.delete(paris);
  await assert.rejects(client.get(paris), (e) => e instanceof EngramError && e.status === 404);
  assert.equal((await client.history(paris)).at(-1).event, "DELETE");
  const cleared = await client.deleteAll({ user_id: "alice" });
  assert.equal(cleared.deleted, 1);
  assert.equal((await client.getAll({ filters: { user_id: "alice" } })).count, 0);
});

test("context, feedback, review, entities, time parsing", async () => {
  await client.add("The quarterly review with Zhang Wei is next Tuesday at 3pm.");
  const ctx = await client.context("when is the quarterly review?", { budget_tokens: 200 });
  assert.match(ctx.text, /quarterly review/);
  assert.ok(ctx.cited.length >= 1 && ctx.estimated_tokens <= 200);

  const hits = await client.search("quarterly review");
  const hit = hits.results[0];
  const fb = await client.feedback({
    request_id: hits.request_id, memory_id: hit.version_id, verdict: "outdated",
    correction: "The quarterly review with Zhang Wei is next Wednesday at 3pm.",
  });
  assert.match(fb.corrected.content, /Wednesday/);
  assert.equal((await client.get(hit.id)).version, 2);

  const review = await client.review({ all: true });
  assert.ok(Array.isArray(review.items));
  const entities = await client.entities({ limit: 10 });
  assert.ok(Array.isArray(entities.entities));

  const time = await client.parseTime("next Friday", { ref: "2024-06-14T15:00:00+08:00" });
  assert.equal(time.matches[0].from, "2024-06-21T00:00:00+08:00");
});

test("errors carry the HTTP status and Engram's code", async () => {
  await assert.rejects(client.search("x", { threshold: 1.5 }),
                       (e) => e instanceof EngramError && e.status === 400 &&
                              e.code === "InvalidArgument");
  await assert.rejects(client.add("hi", { user_id: "bob" }),
                       (e) => e instanceof EngramError && e.status === 403);
});

test("every request sent is an operation of openapi.json", () => {
  const templates = Object.entries(spec.paths).map(([path, item]) => [
    new RegExp("^" + path.replace(/\{[^}]+\}/g, "[^/]+") + "$"), item]);
  assert.ok(sent.length > 20);
  for (const [method, path] of sent) {
    const match = templates.find(([re, item]) => re.test(path) && item[method.toLowerCase()]);
    assert.ok(match, `${method} ${path} is not in openapi.json`);
  }
});
