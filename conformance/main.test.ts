import { afterEach, describe, expect, it, vi } from "vitest";
import { main } from "./main.ts";

describe("main (the conformance command)", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("exits 2 with the usage on a bad command line", async () => {
    const errors: string[] = [];
    vi.spyOn(console, "error").mockImplementation((line: string) => void errors.push(line));
    expect(await main(["--nope"], {})).toBe(2);
    expect(errors.join("\n")).toContain("usage: tool-api conformance");
    expect(await main(["--nope"], { npm_lifecycle_event: "conformance" })).toBe(2);
    expect(errors.join("\n")).toContain("usage: npm run -s conformance --");
  });

  it("prints the usage on stdout and exits 0 when asked with --help", async () => {
    const lines: string[] = [];
    const errors: string[] = [];
    vi.spyOn(console, "log").mockImplementation((line: string) => void lines.push(line));
    vi.spyOn(console, "error").mockImplementation((line: string) => void errors.push(line));
    expect(await main(["--help"], {})).toBe(0);
    expect(lines.join("\n")).toContain("usage: tool-api conformance");
    expect(errors).toEqual([]);
  });

  it("exits 1 and reports the failure, without the key, when the deployment cannot be reached", async () => {
    const key = "tk_dev_conformance-secret-that-must-not-leak";
    const lines: string[] = [];
    vi.spyOn(console, "log").mockImplementation((line: string) => void lines.push(line));
    vi.spyOn(console, "error").mockImplementation((line: string) => void lines.push(line));
    // Port 9 (discard) on loopback: nothing listens there in these environments, so the fetch is refused at once.
    expect(await main(["--base-url", "http://127.0.0.1:9"], { CONFORMANCE_API_KEY: key })).toBe(1);
    expect(lines.join("\n")).toContain("FAIL the served document");
    expect(lines.at(-1)).toMatch(/^conformance: 0 passed, 1 failed, 0 skipped \(1 transactions/);
    expect(lines.join("\n")).not.toContain(key);
  });
});
