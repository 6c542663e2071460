// Starts `engram serve` (the binary in ENGRAM_BIN) on a free loopback port, in a temp dir.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export async function startServer(...args) {
  const bin = process.env.ENGRAM_BIN;
  if (!bin) throw new Error("set ENGRAM_BIN to the engram binary");
  const db = join(mkdtempSync(join(tmpdir(), "engram-ts-")), "engram.db");
  const cli = (...a) => execFileSync(bin, ["--db", db, ...a], { encoding: "utf8" }).trim();
  const key = cli("keys", "create", "--user", "alice");
  const proc = spawn(bin, ["--db", db, "serve", "--port", "0", "--rate-limit", "0", ...args], {
    stdio: ["ignore", "ignore", "pipe"],
    env: { ...process.env, OMP_WAIT_POLICY: "PASSIVE" },
  });
  let seen = "";
  const url = await new Promise((resolve, reject) => {
    proc.stderr.setEncoding("utf8");
    proc.stderr.on("data", (chunk) => {
      seen += chunk;
      const m = seen.match(/listening on (http:\/\/\S+)\s/);  // whole: chunks may split it
      if (m) resolve(m[1]);
    });
    proc.on("exit", (code) => reject(new Error(`engram serve exited ${code}: ${seen}`)));
  });
  // Keep what the server says after it started, and how it ended, for failure messages.
  let exited = null;
  proc.removeAllListeners("exit");
  proc.on("exit", (code, signal) => { exited = { code, signal }; });
  const log = () => seen + (exited ? `\n[engram serve ended: ${JSON.stringify(exited)}]` : "");
  const stop = () =>
    new Promise((resolve) => {
      if (exited) return resolve(exited.code);  // died on its own: log() tells how
      proc.on("exit", (code) => resolve(code));
      proc.kill("SIGTERM");
    });
  return { url, key, stop, log };
}
