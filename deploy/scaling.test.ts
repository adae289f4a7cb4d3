// Every core of one machine, the supported way: N instances of the server on one Redis behind a reverse proxy. Here
// two compiled instances behind nginx running deploy/nginx.conf (its upstream pointed at them): both serve, and a key's
// limit stays exact across them.
import { type ChildProcess, execFile, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createConnection, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childEnv } from "../adapters/testing/child-env.ts";
import { clearOfWindowEnd, COUNTED_WINDOW_SECONDS } from "../adapters/testing/rate-window.ts";
import { deleteKeysUnder, uniquePrefix } from "../adapters/storage/testing/redis.ts";
import { ROOT } from "./testing/dockerfile.ts";

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const scripts = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
const argsOf = (script: string) => script.split(" ").slice(1);
const env = childEnv({ HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "info", REDIS_URL, REDIS_PREFIX: uniquePrefix("scaling") });
const dir = mkdtempSync(join(tmpdir(), "scaling-"));
const children: ChildProcess[] = [];
let proxyUrl = "";
let instances: { url: string; output: () => string }[] = [];
let missing: string | undefined;

beforeAll(async () => {
  missing = (await reachable(new URL(REDIS_URL))) ? undefined : `no Redis at ${REDIS_URL}`;
  if (!missing && spawnSync("nginx", ["-v"]).error) missing = "nginx is not installed (apt-get install nginx-light)";
  if (missing) {
    if (process.env.CI) throw new Error(`scaling test: ${missing}`);
    return console.warn(`scaling test SKIPPED: ${missing}`);
  }
  instances = await Promise.all([0, 1].map(() => startInstance()));
  const port = await freePort();
  const upstream = instances.map((instance) => `server ${new URL(instance.url).host};`).join("\n    ");
  const conf = readFileSync(join(ROOT, "deploy", "nginx.conf"), "utf8")
    .replace(/server api:3000;/, upstream).replace(/listen 8080;/, `listen 127.0.0.1:${port};`);
  writeFileSync(join(dir, "nginx.conf"), conf);
  const nginx = spawn("nginx", ["-p", dir, "-c", join(dir, "nginx.conf"), "-e", join(dir, "error.log"), "-g", `daemon off; pid ${join(dir, "nginx.pid")};`], { stdio: "inherit" });
  children.push(nginx);
  proxyUrl = `http://127.0.0.1:${port}`;
  await until(() => fetch(`${proxyUrl}/api/v1/health`).then((answer) => answer.ok, () => false));
}, 60_000);

afterAll(async () => {
  await Promise.all(children.map((child) => child.exitCode === null && new Promise((resolve) => (child.once("exit", resolve), child.kill("SIGTERM")))));
  rmSync(dir, { recursive: true, force: true });
  if (!missing) await deleteKeysUnder(REDIS_URL, env.REDIS_PREFIX as string);
});

describe("two instances on one Redis behind nginx (deploy/nginx.conf)", () => {
  it("share one exact limit: 90 concurrent calls of a key allowed 30 get exactly 30 answers and 60 refusals, from both instances", async (context) => {
    if (missing) return context.skip();
    await clearOfWindowEnd();
    const secret = await createKey(30);
    const statuses = await Promise.all(Array.from({ length: 90 }, () => execute(secret)));
    expect(statuses.filter((status) => status === 200).length).toBe(30);
    expect(statuses.filter((status) => status === 429).length).toBe(60);
    // Each instance logs the calls it answered (one line per request, written within 20 ms).
    await until(async () => instances.every((instance) => instance.output().includes('"path":"/api/v1/execute/hash-text"')));
  }, 300_000);
});

async function startInstance(): Promise<{ url: string; output: () => string }> {
  const child = spawn(process.execPath, argsOf(scripts.start), { cwd: ROOT, env, stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk));
  await until(async () => /Listening on /.test(output) || child.exitCode !== null);
  const url = /Listening on (http:\/\/\S+)/.exec(output)?.[1];
  if (!url) throw new Error(`an instance did not start:\n${output}`);
  return { url, output: () => output };
}

function createKey(limit: number): Promise<string> {
  const args = [...argsOf(scripts.keys), "create", "--name", "scaling", "--limit", String(limit), "--window", String(COUNTED_WINDOW_SECONDS), "--json"];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { cwd: ROOT, env }, (error, stdout, stderr) => (error ? reject(new Error(stderr)) : resolve(JSON.parse(stdout).secret)));
  });
}

async function execute(secret: string): Promise<number> {
  const answer = await fetch(`${proxyUrl}/api/v1/execute/hash-text`, {
    method: "POST", headers: { "x-api-key": secret, "content-type": "application/json" }, body: JSON.stringify({ input: { algorithm: "sha256", text: "abc" } }),
  });
  await answer.arrayBuffer();
  return answer.status;
}

function reachable({ hostname, port }: URL): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 6379) }, () => (socket.end(), resolve(true)));
    socket.on("error", () => resolve(false));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
