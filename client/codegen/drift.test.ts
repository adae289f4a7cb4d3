import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fetchDocument, renderTypes, TYPES_FILE, withFreshServer } from "./generate.ts";

describe("the client's generated types", () => {
  it("are exactly what a freshly started server's OpenAPI document gives (run `npm run -s client:types` after an API change)", async () => {
    const fresh = await renderTypes(await withFreshServer(fetchDocument));
    const committed = readFileSync(TYPES_FILE, "utf8");
    // Compare line by line first so a failure names the first differing line rather than dumping 10k lines.
    const freshLines = fresh.split("\n");
    const committedLines = committed.split("\n");
    const first = freshLines.findIndex((line, index) => line !== committedLines[index]);
    expect(first === -1 ? null : { line: first + 1, fresh: freshLines[first], committed: committedLines[first] }).toBeNull();
    expect(committed).toBe(fresh);
  });
});
