// The README's agent loops ("Tools for model APIs"), run as written: each block under `<!-- agent-loop FORMAT -->` is
// written to a file and imported. The model is replaced by its recorded turns (testing/recorded/), the tools run on a
// real local server, and what the loop sends back to the model is checked: the tool's result for the recorded call.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPackServer, type PackServer } from "../testing/pack-server.ts";
import { ToolClient } from "./index.ts";

// SHA-256("abc"), FIPS 180-2 appendix B.1: what the recorded turns asked hash-text for.
const ABC_SHA256 = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
const CLIENT = join(import.meta.dirname, "..");
const README = readFileSync(join(CLIENT, "README.md"), "utf8");
const recorded = (name: string): any[] => JSON.parse(readFileSync(join(CLIENT, "testing/recorded", name), "utf8"));

function readmeLoop(format: string): string {
  const match = README.match(new RegExp(`<!-- agent-loop ${format} -->\\n\`\`\`ts\\n([\\s\\S]*?)\\n\`\`\``));
  if (!match) throw new Error(`client/README.md has no block under <!-- agent-loop ${format} -->`);
  return match[1];
}

/** A model that answers with its recorded turns in order, keeping every request body it was sent. */
function replay(turns: any[]) {
  const bodies: any[] = [];
  const create = async (body: any) => {
    bodies.push(structuredClone(body));
    const turn = turns[bodies.length - 1];
    if (!turn) throw new Error("the loop asked for more turns than were recorded");
    return structuredClone(turn);
  };
  return { bodies, create };
}

let server: PackServer;
let client: ToolClient;
let dir: string;
const load = async (format: string) => {
  const file = join(dir, `${format}.ts`);
  writeFileSync(file, readmeLoop(format).replace('"tool-execution-client"', JSON.stringify(join(CLIENT, "src/index.ts"))));
  return import(pathToFileURL(file).href);
};
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "agent-loops-"));
  server = await startPackServer();
  client = new ToolClient({ baseUrl: server.url, apiKey: await server.mintKey({ scopes: { categories: ["crypto"] } }) });
}, 60_000);
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const FINAL = `The SHA-256 digest of "abc" is ${ABC_SHA256}.`;
const RESULT = JSON.stringify({ algorithm: "sha256", digest: ABC_SHA256 });

describe("README agent loops with recorded model turns", () => {
  it("OpenAI Chat Completions", async () => {
    const turns = recorded("openai-chat.json");
    const model = replay(turns);
    const { chatCompletionsLoop } = await load("openai");
    expect(await chatCompletionsLoop(client, model.create, "SHA-256 of abc?")).toBe(FINAL);
    expect(model.bodies[0].tools.map((t: any) => t.function.name)).toContain("hash-text");
    expect(model.bodies[1].messages.slice(1)).toEqual([turns[0].choices[0].message, { role: "tool", tool_call_id: "call_Qm3Zt8yXwV2pL6nB1cR4sD7f", content: RESULT }]);
  });

  it("OpenAI Responses", async () => {
    const turns = recorded("openai-responses.json");
    const model = replay(turns);
    const { responsesLoop } = await load("openai-responses");
    expect(await responsesLoop(client, model.create, "SHA-256 of abc?")).toBe(FINAL);
    expect(model.bodies[0].tools.map((t: any) => t.name)).toContain("hash-text");
    expect(model.bodies[1].input.slice(1)).toEqual([turns[0].output[0], { type: "function_call_output", call_id: "call_Lk8Pq2Wz5Xc1Vb7Nm3Jh6Gf4", output: RESULT }]);
  });

  it("type-check as written (strict), against the client's own declarations", () => {
    for (const format of ["openai", "openai-responses", "anthropic"]) {
      writeFileSync(join(dir, `${format}.ts`), readmeLoop(format).replace('"tool-execution-client"', JSON.stringify(join(CLIENT, "src/index.ts"))));
    }
    const options = { strict: true, module: "nodenext", target: "es2022", lib: ["es2022", "dom"], noEmit: true, allowImportingTsExtensions: true, skipLibCheck: true, types: [] };
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: options, include: ["*.ts"] }));
    const tsc = join(CLIENT, "../node_modules/typescript/bin/tsc");
    expect(() => execFileSync(process.execPath, [tsc, "-p", dir], { encoding: "utf8" })).not.toThrow();
  });

  it("Anthropic Messages", async () => {
    const turns = recorded("anthropic.json");
    const model = replay(turns);
    const { messagesLoop } = await load("anthropic");
    expect(await messagesLoop(client, model.create, "SHA-256 of abc?")).toBe(FINAL);
    expect(model.bodies[0].tools.map((t: any) => t.name)).toContain("hash-text");
    expect(model.bodies[1].messages.slice(1)).toEqual([
      { role: "assistant", content: turns[0].content },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_01A09q90qw90lq917835lq9", content: RESULT }] },
    ]);
  });
});
