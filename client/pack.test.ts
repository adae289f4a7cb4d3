import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPILERS, type Consumer, packAndInstall } from "./testing/packed-client.ts";
import { startRealServer, type RealServer } from "./testing/real-server.ts";
import { startScriptedServer, type ScriptedServer } from "./testing/scripted-server.ts";
import type * as Sdk from "./src/index.ts";

let consumer: Consumer;
let sdk: typeof Sdk;
let real: RealServer;

beforeAll(async () => {
  consumer = packAndInstall();
  sdk = (await import(consumer.entry)) as typeof Sdk;
  real = await startRealServer();
}, 180_000);

afterAll(async () => {
  await real?.close();
  if (consumer) rmSync(consumer.dir, { recursive: true, force: true });
});

const HEADER = `import { ToolClient } from "tool-execution-client";\nconst client = new ToolClient({ baseUrl: "http://127.0.0.1:1" });\n`;
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const CALL = `const out = await client.execute("hash-text", { algorithm: "sha256", text: "x" });\n`;

/** One consumer file per case; every file is checked in one compiler run, each judged by its own diagnostics. */
const FILES = {
  "correct.ts": `${CALL}const digest: string = out.digest;\nconst algorithm: string = out.algorithm;\nconsole.log(digest, algorithm);`,
  "misspelled.ts": `await client.execute("hash-text", { algorithm: "sha256", txet: "x" });`,
  "wrong-type.ts": `await client.execute("hash-text", { algorithm: "sha256", text: 42 });`,
  "unknown-output.ts": `${CALL}console.log(out.checksum);`,
  "unknown-tool.ts": `const typo = await client.execute("hash-txt", { text: "x" });\nconsole.log(typo.digest);`,
  "pack-tool.ts": `const reversed = await client.execute("example.reverse-text", { text: "x" });\nconst output: unknown = reversed;\nconsole.log(output);`,
  "pack-input.ts": `await client.execute("example.reverse-text", "x");`,
};

const REFUSALS = [
  ["a misspelled input field", "misspelled.ts", /TS(2353|2561)\b.*'txet'/],
  ["a wrong input type", "wrong-type.ts", /TS2322\b.*'number' is not assignable to type 'string'/],
  ["an unknown output field", "unknown-output.ts", /TS2339\b.*'checksum' does not exist/],
  // Any id compiles (pack tools, tools newer than the types), but one the catalog lacks types its output as unknown.
  ["a field of a misspelled tool id's output", "unknown-tool.ts", /TS18046\b.*'typo' is of type 'unknown'/],
  ["a pack tool's input that is not an object", "pack-input.ts", /TS2345\b.*'string' is not assignable to parameter of type 'Record<string, unknown>'/],
] as const;

describe.each(Object.keys(COMPILERS) as (keyof typeof COMPILERS)[])("the packed client's types under %s", (compiler) => {
  let diagnostics: string[];
  beforeAll(() => {
    const files = Object.fromEntries(Object.entries(FILES).map(([name, body]) => [name, `${HEADER}${body}\n`]));
    const result = consumer.compile(files, compiler);
    expect(result.code).not.toBe(0);
    diagnostics = result.output.split(/\n(?=\S+\.ts\(\d+,\d+\))/);
  }, 120_000);
  const of = (file: string) => diagnostics.filter((line) => line.startsWith(`${file}(`));

  it("compile a correct call, typed through to the output", () => {
    expect(of("correct.ts")).toEqual([]);
  });

  it("compile a pack tool's id (any id beside the catalog's), its input a JSON object and its output unknown", () => {
    expect(of("pack-tool.ts")).toEqual([]);
  });

  it.each(REFUSALS)("refuse %s", (_name, file, expected) => {
    expect(of(file)).toHaveLength(1);
    expect(of(file)[0].replace(/\n/g, " ")).toMatch(expected);
  });

  it("report nothing outside the consumer's files (the package's declarations are clean)", () => {
    expect(diagnostics.filter((line) => !Object.keys(FILES).some((file) => line.startsWith(`${file}(`)))).toEqual([]);
  });
});

describe("the tarball", () => {
  it("holds the build, its declarations, the README and the manifest, and nothing else", () => {
    const files = execFileSync("tar", ["-tzf", consumer.tarball], { encoding: "utf8" }).trim().split("\n").map((name) => name.replace(/^package\//, "")).sort();
    expect(files.filter((name) => !/^dist\/.+\.(js|d\.ts)$/.test(name))).toEqual(["README.md", "package.json"]);
    for (const entry of ["index", "client", "errors", "retry", "types", "generated/openapi"]) {
      expect(files).toEqual(expect.arrayContaining([`dist/${entry}.js`, `dist/${entry}.d.ts`]));
    }
    expect(files.some((name) => name.includes(".test."))).toBe(false);
  });
});

describe("the packed client against a real server", () => {
  it("serves 10 sequential calls on a key limited to 3 per 2 s, waiting on the rate-limit headers", async () => {
    const key = await real.mintKey({ limit: 3, windowSeconds: 2 });
    const statuses: number[] = [];
    const observing: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      statuses.push(response.status);
      return response;
    };
    const client = new sdk.ToolClient({ baseUrl: real.url, apiKey: key, fetch: observing });
    for (let i = 0; i < 10; i++) {
      const output = await client.execute("hash-text", { algorithm: "sha256", text: `call ${i}` });
      expect(output).toEqual({ algorithm: "sha256", digest: sha256(`call ${i}`) });
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    // 10 calls cannot fit in fewer than 4 windows of 3, so the limit was met and waited out.
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(1);
  }, 60_000);

  it("fails a bad key at once, with one request and no key in the error", async () => {
    const bad = "tk_dev_" + "A".repeat(40);
    let requests = 0;
    const counting: typeof fetch = (input, init) => (requests++, fetch(input, init));
    const client = new sdk.ToolClient({ baseUrl: real.url, apiKey: bad, fetch: counting });
    const error = (await client.execute("hash-text", { algorithm: "sha256", text: "x" }).catch((e: unknown) => e)) as Sdk.ToolApiError;
    expect(error).toBeInstanceOf(sdk.ToolApiError);
    expect([error.status, error.errorCode, requests]).toEqual([401, "unauthorized", 1]);
    expect(error.requestId).toEqual(expect.any(String));
    for (const text of [error.message, String(error), JSON.stringify(error), error.stack ?? ""]) expect(text).not.toContain(bad);
  });

  it("fails at once, not after a long sleep, once a key with a day's window is spent", async (context) => {
    const key = await real.mintKey({ limit: 1, windowSeconds: 86_400 });
    const resets: number[] = [];
    const counting: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      resets.push(Number(response.headers.get("x-ratelimit-reset")));
      return response;
    };
    const client = new sdk.ToolClient({ baseUrl: real.url, apiKey: key, fetch: counting });
    await client.execute("hash-text", { algorithm: "sha256", text: "first" });
    // Windows are aligned to the clock: within a minute of the day's end the server rightly asks for less than
    // the default maxWaitMs (60 s), and the client would wait.
    if (resets[0] <= 61) return context.skip();
    const error = (await client.execute("hash-text", { algorithm: "sha256", text: "second" }).catch((e: unknown) => e)) as Sdk.ToolApiError;
    expect([error.status, error.errorCode, resets.length]).toEqual([429, "rate_limited", 2]);
    expect(error.retryAfterSeconds).toBe(resets[1]);
    expect(error.retryAfterSeconds).toBeGreaterThan(60);
  });

  it("rejects invalid input with 422 and its details", async () => {
    const client = new sdk.ToolClient({ baseUrl: real.url, apiKey: await real.mintKey() });
    const input = { algorithm: "sha256", text: 42 } as unknown as Sdk.ToolInput<"hash-text">;
    const error = (await client.execute("hash-text", input).catch((e: unknown) => e)) as Sdk.ToolApiError;
    expect([error.status, error.errorCode]).toEqual([422, "invalid_input"]);
    expect(error.details?.map((issue) => issue.path)).toContain("/input/text");
  });

  it("resolves after two 503s with Retry-After in front of the real server", async () => {
    const key = await real.mintKey();
    let proxy: ScriptedServer | undefined;
    try {
      const busy = { status: 503, headers: { "retry-after": "1" }, body: { status: "error", code: 503, error_code: "server_busy", message: "busy" } };
      proxy = await startScriptedServer([busy, busy], (seen) => real.forward(seen));
      const client = new sdk.ToolClient({ baseUrl: proxy.url, apiKey: key });
      expect(await client.execute("hash-text", { algorithm: "sha256", text: "abc" })).toEqual({ algorithm: "sha256", digest: sha256("abc") });
      expect(proxy.seen).toHaveLength(3);
    } finally {
      await proxy?.close();
    }
  });

  it("lists tools, reads one and its key through the same package", async () => {
    const client = new sdk.ToolClient({ baseUrl: `${real.url}/api/v1`, apiKey: await real.mintKey() });
    expect((await client.tools()).map((tool) => tool.id)).toContain("hash-text");
    expect((await client.tool("hash-text")).id).toBe("hash-text");
    expect((await client.currentKey()).limit).toBe(60);
  });
});
