import { describe, expect, it } from "vitest";
import { Redactor } from "./redact.ts";

const KEY = "tk_live_S3cr3t+/=Key&Part 0123456789~xyz";
const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64");

describe("Redactor", () => {
  it.each([
    ["plain", KEY],
    ["URL-encoded", encodeURIComponent(KEY)],
    ["form-encoded", encodeURIComponent(KEY).replace(/%20/g, "+")],
    ["encodeURI", encodeURI(KEY)],
    ["base64", b64(KEY)],
    ["base64url", Buffer.from(KEY).toString("base64url")],
    ["base64 after 1 byte", b64(`:${KEY}`)],
    ["base64 after 2 bytes", b64(`u:${KEY}`)],
    ["base64 after 3 bytes", b64(`ab:${KEY}`)],
    ["base64 of a Basic credential", `Basic ${b64(`user:${KEY}`)}`],
  ])("removes the key's %s form from text", (_name, form) => {
    const out = new Redactor(KEY).text(`before ${form} after`);
    expect(out).not.toContain(form);
    expect(out).toMatch(/^before .*\[redacted\].* after$/);
  });

  it("leaves text without the key as it is, and redacts nothing without a key", () => {
    expect(new Redactor(KEY).text("tk_live_ and base64 dGtfbGl2ZV8=")).toBe("tk_live_ and base64 dGtfbGl2ZV8=");
    expect(new Redactor(undefined).text(`x ${KEY}`)).toBe(`x ${KEY}`);
  });

  it("removes even a one-character key in plain form, without matching its short encodings everywhere", () => {
    expect(new Redactor("q").text("quiz")).toBe("[redacted]uiz");
    expect(new Redactor("q").text("cQ==")).toBe("cQ==");
  });

  it("redacts every string and property name of JSON data, and drops what is nested past 32 levels", () => {
    const data = [{ path: `/input/${KEY}`, [KEY]: [b64(KEY)], n: 1, ok: true, none: null }];
    expect(new Redactor(KEY).data(data)).toEqual([{ path: "/input/[redacted]", "[redacted]": [expect.stringContaining("[redacted]")], n: 1, ok: true, none: null }]);
    let deep: unknown = KEY;
    for (let i = 0; i < 40; i++) deep = [deep];
    expect(JSON.stringify(new Redactor(KEY).data(deep))).not.toContain(KEY);
  });

  it("keeps a cause that does not mention the key, and copies one that does (message, property or nested cause)", () => {
    const redactor = new Redactor(KEY);
    const clean = new TypeError("fetch failed", { cause: new Error("ECONNREFUSED") });
    expect(redactor.cause(clean)).toBe(clean);
    for (const leaky of [new Error(`bad ${KEY}`), Object.assign(new Error("x"), { header: KEY }), new Error("x", { cause: new Error(b64(KEY)) })]) {
      const safe = redactor.cause(leaky) as Error;
      expect(safe).not.toBe(leaky);
      expect(`${safe.message} ${safe.stack} ${JSON.stringify(safe)} ${String(safe.cause)}`).not.toContain(KEY);
    }
  });
});
