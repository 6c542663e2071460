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
  const url = await new Promise((resolve, reject) => {
    let seen = "";
    proc.stderr.setEncoding("utf8");
    proc.stderr.on("data", (chunk) => {
      seen += chunk;
      const m = seen.match(/listening on (http:\/\/\S+)/);
      if (m) resolve(m[1]);
    });
    proc.on("exit", (code) => reject(new Error(`engram serve exited ${code}: ${seen}`)));
  });
  proc.stderr.resume();
  const stop = () =>
    new Promise((resolve) => {
      proc.removeAllListeners("exit");
      proc.on("exit", (code) => resolve(code));
      proc.kill("SIGTERM");
    });
  return { url, key, stop };
}
