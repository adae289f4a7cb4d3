import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../testing/harness.ts";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "spectral-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface SpectralResult {
  readonly code: string;
  readonly message: string;
  readonly path: readonly (string | number)[];
  /** 0 error, 1 warning, 2 information, 3 hint. */
  readonly severity: number;
}

/** Runs the Spectral CLI with the project's .spectral.yaml on a document and returns its findings. */
function lint(document: unknown): SpectralResult[] {
  const file = join(dir, "openapi.json");
  const report = join(dir, "report.json");
  writeFileSync(file, JSON.stringify(document, null, 2));
  const cli = join(ROOT, "node_modules/@stoplight/spectral-cli/dist/index.js");
  const run = spawnSync(process.execPath, [cli, "lint", file, "--ruleset", join(ROOT, ".spectral.yaml"), "--format", "json", "--output", report], {
    cwd: ROOT,
    encoding: "utf8",
  });
  if (run.status !== 0 && run.status !== 1) throw new Error(`spectral failed (${run.status}): ${run.stderr}`);
  return JSON.parse(readFileSync(report, "utf8")) as SpectralResult[];
}

const describeFinding = (result: SpectralResult) => `${result.code} at ${result.path.join("/")}: ${result.message}`;

describe("Spectral (spectral:oas + OWASP, .spectral.yaml)", () => {
  it("reports no error and no warning on the served document", async () => {
    const response = await createTestApp().app.request("/api/v1/openapi.json");
    const findings = lint(await response.json()).filter((result) => result.severity <= 1);
    expect(findings.map(describeFinding)).toEqual([]);
  }, 120_000);

  it("still catches an uncapped request string and a keyed response without rate-limit headers", async () => {
    const response = await createTestApp().app.request("/api/v1/openapi.json");
    const document = (await response.json()) as any;
    // The one operation the defects are in (its components kept whole): a fifth of the whole document's lint time.
    document.paths = { "/execute/hash-text": document.paths["/execute/hash-text"] };
    delete document.components.schemas.HashTextInput.properties.text.maxLength;
    delete document.paths["/execute/hash-text"].post.responses["200"].headers["X-RateLimit-Limit"];
    const codes = lint(document).filter((result) => result.severity === 0).map((result) => result.code);
    expect(codes).toEqual(expect.arrayContaining(["tool-api:request-string-limit", "tool-api:rate-limit"]));
  }, 120_000);
});
