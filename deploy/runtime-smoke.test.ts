// The three things a team runs, on whichever Node runs this file: .ci/run runs it alone on Node 22 (the whole suite
// runs on the machine's Node and on Node 24). The server and the library are the compiled build that npm ci makes.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import semver from "semver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childEnv } from "../adapters/testing/child-env.ts";
import { ToolClient } from "../client/src/index.ts";

const ROOT = join(import.meta.dirname, "..");
const ABC_SHA256 = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"; // FIPS 180-2
const HASH_ABC = { algorithm: "sha256", text: "abc" } as const;
const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string>; engines: { node: string } };
const { scripts } = manifest;
/** An npm script's node arguments: `node a b` → ["a", "b"], run by this process's node. */
const argsOf = (script: string) => script.split(" ").slice(1);

let dataDir: string;
let server: ChildProcess;
let url: string;
let secret: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "runtime-smoke-"));
  const env = childEnv({ HOST: "127.0.0.1", PORT: "0", DATA_DIR: dataDir, LOG_LEVEL: "warn" });
  server = spawn(process.execPath, argsOf(scripts.start), { cwd: ROOT, env, stdio: ["ignore", "pipe", "inherit"] });
  url = await new Promise<string>((resolve, reject) => {
    let output = "";
    server.stdout?.on("data", (chunk: Buffer) => {
      output += chunk;
      const match = /Listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]);
    });
    server.once("exit", (code) => reject(new Error(`npm start's command exited with ${code}: ${output}`)));
  });
  const created = await new Promise<string>((resolve, reject) => {
    const args = [...argsOf(scripts.keys), "create", "--name", "smoke", "--json"];
    execFile(process.execPath, args, { cwd: ROOT, env }, (error, stdout, stderr) => (error ? reject(new Error(stderr)) : resolve(stdout)));
  });
  secret = (JSON.parse(created) as { secret: string }).secret;
}, 60_000);

afterAll(() => {
  if (server?.exitCode === null) server.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

describe(`on Node ${process.version}`, () => {
  it("is a Node that package.json's engines names", () => {
    expect(semver.satisfies(process.version, manifest.engines.node)).toBe(true);
  });

  it("the compiled server answers health and an execute call with a key from the keys CLI", async () => {
    expect((await fetch(`${url}/api/v1/health`)).status).toBe(200);
    const answer = await fetch(`${url}/api/v1/execute/hash-text`, {
      method: "POST", headers: { "x-api-key": secret, "content-type": "application/json" }, body: JSON.stringify({ input: HASH_ABC }),
    });
    expect(answer.status).toBe(200);
    expect((await answer.json()).data.output.digest).toBe(ABC_SHA256);
  });

  it("the client SDK calls that server", async () => {
    const client = new ToolClient({ baseUrl: url, apiKey: secret });
    expect(await client.execute("hash-text", HASH_ABC)).toEqual({ algorithm: "sha256", digest: ABC_SHA256 });
  });

  it("the library, imported by its package name with plain node, executes a tool in process", async () => {
    // A self-reference: from the package's own folder, node resolves "tool-execution-api" through its exports map.
    const script = `import { createToolCore } from "tool-execution-api";
      const core = await createToolCore();
      const key = await core.keys.create({ name: "smoke" });
      console.log(JSON.stringify(await core.execute({ secret: key.secret, toolId: "hash-text", input: ${JSON.stringify(HASH_ABC)} })));
      await core.close();`;
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(process.execPath, ["--input-type=module", "-e", script], { cwd: ROOT, env: childEnv() }, (error, out, err) => (error ? reject(new Error(err)) : resolve(out)));
    });
    expect(JSON.parse(stdout)).toMatchObject({ status: 200, body: { data: { output: { digest: ABC_SHA256 } } } });
  });

  it("the server stops on SIGTERM with exit 0", async () => {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    expect(await exited).toBe(0);
  });
});
