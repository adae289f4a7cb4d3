// The container image, checked without a container engine (none runs here): the Dockerfile linted and read point by
// point, then its runtime stage laid out and run as the image runs it (same command, variables and user id).
import type { ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { validate } from "dockerfile-utils";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ImageRecipe, readCiNodePins, readImageRecipe, ROOT } from "./testing/dockerfile.ts";
import { type ImageStage, runInImage, spawnInImage, stageImage } from "./testing/image-run.ts";

const recipe: ImageRecipe = readImageRecipe();
const scripts = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
const runtimeLines = (keyword: string) => recipe.runtime.filter((line) => line.keyword === keyword).map((line) => line.content);

describe("the Dockerfile", () => {
  it("passes dockerfile-utils' validator with no diagnostic (hadolint is in neither registry reached here)", () => {
    expect(validate(recipe.text).map((diagnostic) => diagnostic.message)).toEqual([]);
  });

  it("builds in two stages on the official Node 24 slim image, pinned to the Node 24 that .ci/run tests on", () => {
    const pins = readCiNodePins();
    expect(pins.NODE_24).toMatch(/^24\.\d+\.\d+$/);
    expect(recipe.stages.map((stage) => stage.image)).toEqual([`node:${pins.NODE_24}-slim`, `node:${pins.NODE_24}-slim`]);
    const build = recipe.stages[0].instructions.map((instruction) => `${instruction.getKeyword()} ${instruction.getArgumentsContent()}`).join("\n");
    // npm ci without --ignore-scripts runs the package's prepare script, which is `npm run build`.
    expect(build).toMatch(/^RUN .*npm ci\b(?!.*--ignore-scripts)/m);
    expect(scripts.prepare).toBe("npm run -s build");
    expect(build).toMatch(/npm prune --omit=dev/);
  });

  it("carries into the runtime stage the build output and production dependencies only", () => {
    const copies = runtimeLines("COPY");
    expect(copies).toEqual(["/app/package.json /app/package-lock.json ./", "/app/node_modules ./node_modules", "/app/dist ./dist"]);
    for (const { line } of recipe.runtime.filter((instruction) => instruction.keyword === "COPY")) expect(line).toMatch(/^COPY --from=build /);
  });

  it("runs as a non-root user, with DATA_DIR=/data on a volume that user owns", () => {
    expect(recipe.user).toBe("node");
    expect(recipe.env.DATA_DIR).toBe("/data");
    expect(runtimeLines("VOLUME")).toEqual(['["/data"]']);
    expect(runtimeLines("RUN")).toContain("mkdir -p /data && chown node:node /data");
  });

  it("starts with npm start's command, stops on SIGTERM, and probes /api/v1/health with node (no curl in the image)", () => {
    expect(recipe.cmd.join(" ")).toBe(scripts.start);
    expect(runtimeLines("STOPSIGNAL")).toEqual(["SIGTERM"]);
    expect(recipe.healthcheck?.cmd[0]).toBe("node");
    expect(recipe.healthcheck?.cmd.join(" ")).toContain("/api/v1/health");
    expect(recipe.env.HOST).toBe("0.0.0.0");
  });

  it("keeps node_modules, build output, local data, secrets and git out of the build context", () => {
    const ignored = readFileSync(join(ROOT, ".dockerignore"), "utf8").split("\n").map((line) => line.trim());
    for (const entry of ["**/node_modules", "dist", "data", ".git", ".env", ".runtimes"]) expect(ignored).toContain(entry);
  });
});

describe("the image's runtime stage, run as the image runs it", () => {
  let stage: ImageStage;
  let env: Record<string, string>;
  let server: ChildProcess;
  let output = "";
  const exited = () => new Promise<number | null>((resolve) => server.exitCode !== null ? resolve(server.exitCode) : server.once("exit", resolve));

  beforeAll(async () => {
    stage = stageImage();
    if (!stage.ids) console.warn("image run: not root, so the server runs as this user rather than the image's uid 1000");
    // The image's variables, with DATA_DIR moved from /data to the staged volume and PORT to a free one.
    env = { ...recipe.env, DATA_DIR: stage.data, PORT: String(await freePort()) };
    server = spawnInImage(stage, recipe.cmd, env);
    server.stdout?.on("data", (chunk: Buffer) => (output += chunk));
    server.stderr?.on("data", (chunk: Buffer) => (output += chunk));
    await until(() => /Listening on /.test(output) || server.exitCode !== null);
    if (server.exitCode !== null) throw new Error(`the image's command exited with ${server.exitCode}:\n${output}`);
  }, 60_000);

  afterAll(() => {
    if (server?.exitCode === null) server.kill("SIGKILL");
    stage?.remove();
  });

  it("answers its HEALTHCHECK command with exit 0", async () => {
    expect(await runInImage(stage, recipe.healthcheck?.cmd ?? [], env)).toMatchObject({ code: 0 });
  });

  it("serves a key made by the image's keys CLI, keeping its data in DATA_DIR and writing nothing in the app tree", async () => {
    const keys = scripts.keys.split(" ");
    const created = await runInImage(stage, [...keys, "create", "--name", "image", "--json"], env);
    expect(created.code, created.output).toBe(0);
    const { secret } = JSON.parse(created.output) as { secret: string };
    const answer = await fetch(`http://127.0.0.1:${env.PORT}/api/v1/execute/hash-text`, {
      method: "POST", headers: { "x-api-key": secret, "content-type": "application/json" }, body: JSON.stringify({ input: { algorithm: "sha256", text: "abc" } }),
    });
    expect((await answer.json()).data.output.digest).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"); // FIPS 180-2
    expect(readdirSync(stage.data).length).toBeGreaterThan(0);
    expect(readdirSync(stage.app).sort()).toEqual(["dist", "node_modules", "package-lock.json", "package.json"]);
    if (stage.ids) expect((await runInImage(stage, ["node", "-e", "require('fs').writeFileSync('probe', 'x')"], env)).code).not.toBe(0);
  });

  it("stops on its STOPSIGNAL with exit 0, and the HEALTHCHECK command then exits 1", async () => {
    server.kill(runtimeLines("STOPSIGNAL")[0] as NodeJS.Signals);
    expect(await exited()).toBe(0);
    expect((await runInImage(stage, recipe.healthcheck?.cmd ?? [], env)).code).toBe(1);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

async function until(check: () => boolean, timeoutMs = 30_000): Promise<void> {
  const started = Date.now();
  while (!check() && Date.now() - started < timeoutMs) await new Promise((resolve) => setTimeout(resolve, 20));
}
