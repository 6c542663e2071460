// Every route the client can call exists in apps/serve/openapi.json with that method.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { ROUTES } from "../dist/index.js";

const spec = JSON.parse(
  readFileSync(new URL("../../../apps/serve/openapi.json", import.meta.url), "utf8"));

test("every ROUTES entry is an operation of openapi.json", () => {
  for (const [name, [method, path]] of Object.entries(ROUTES)) {
    const item = spec.paths[path];
    assert.ok(item, `${name}: ${path} is not in openapi.json`);
    assert.ok(item[method.toLowerCase()], `${name}: ${method} ${path} is not in openapi.json`);
  }
});

test("a route missing from the spec is caught", () => {
  assert.equal(spec.paths["/v3/memories/nope/"], undefined);
});
