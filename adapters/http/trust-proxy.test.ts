import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { createLogger } from "../logger.ts";
import { type RunningServer, startServer } from "../server.ts";
import { createTestApp } from "../testing/harness.ts";
import { startServerProcess } from "../testing/process.ts";
import { PASSWORD } from "./session/testing.ts";
import { clientAddress, isHttps, parseTrustProxy, TRUST_NO_PROXY, type TrustProxy } from "./trust-proxy.ts";
import { InlineToolRunner } from "../tools/inline-tool-runner.ts";

const trust = (raw: string): TrustProxy => {
  const parsed = parseTrustProxy(raw);
  if (!parsed) throw new Error(`rejected: ${raw}`);
  return parsed;
};

describe("TRUST_PROXY parsing", () => {
  it.each([
    ["loopback", "127.0.0.1", true], ["loopback", "::1", true], ["loopback", "::ffff:127.0.0.1", true], ["loopback", "10.0.0.1", false],
    ["10.0.0.0/8, 192.168.1.7", "10.200.3.4", true], ["10.0.0.0/8, 192.168.1.7", "192.168.1.7", true], ["10.0.0.0/8, 192.168.1.7", "192.168.1.8", false],
    ["2001:db8::/32", "2001:db8::5", true], ["2001:db8::/32", "10.0.0.1", false],
    ["uniquelocal", "172.16.0.9", true], ["uniquelocal", "fd12::1", true], ["linklocal", "169.254.0.1", true],
  ])("%s trusts %s: %s", (raw, address, trusted) => {
    expect(trust(raw).trusts(address)).toBe(trusted);
  });

  it("trusts no proxy when unset or empty", () => {
    expect(trust("").trusts("127.0.0.1")).toBe(false);
    expect(loadConfig({}).ok && (loadConfig({}) as { value: { trustProxy: TrustProxy } }).value.trustProxy.trusts("127.0.0.1")).toBe(false);
  });

  it.each(["yes", "10.0.0.0/33", "loopback,nonsense", "300.1.1.1"])("refuses %s at start with a message naming TRUST_PROXY", (raw) => {
    const config = loadConfig({ TRUST_PROXY: raw });
    expect(config.ok).toBe(false);
    if (!config.ok) expect(config.error.join("\n")).toMatch(/^TRUST_PROXY=.* is invalid: expected .*loopback/m);
  });
});

describe("what a forwarded header may change", () => {
  const loopback = trust("loopback");
  it("believes X-Forwarded-For only from a trusted peer, reading from the right past trusted hops", () => {
    expect(clientAddress("203.0.113.9", "198.51.100.1", loopback)).toBe("203.0.113.9");
    expect(clientAddress("127.0.0.1", "198.51.100.1", loopback)).toBe("198.51.100.1");
    expect(clientAddress("127.0.0.1", "6.6.6.6, 198.51.100.1, 127.0.0.1", loopback)).toBe("198.51.100.1");
    expect(clientAddress("127.0.0.1", "not-an-ip", loopback)).toBe("127.0.0.1");
    expect(clientAddress("127.0.0.1", "198.51.100.1", TRUST_NO_PROXY)).toBe("127.0.0.1");
  });

  it("believes X-Forwarded-Proto only from a trusted peer", () => {
    expect(isHttps("http:", "127.0.0.1", "https", loopback)).toBe(true);
    expect(isHttps("http:", "203.0.113.9", "https", loopback)).toBe(false);
    expect(isHttps("http:", "127.0.0.1", "https", TRUST_NO_PROXY)).toBe(false);
    expect(isHttps("https:", undefined, null, TRUST_NO_PROXY)).toBe(true);
  });
});

describe("over a real socket", () => {
  const servers: RunningServer[] = [];
  const dirs: string[] = [];
  afterAll(async () => {
    for (const server of servers) await server.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  async function boot(env: Record<string, string>): Promise<RunningServer> {
    const dir = mkdtempSync(join(tmpdir(), "trust-"));
    dirs.push(dir);
    const config = loadConfig({ PORT: "0", DATA_DIR: dir, LOG_LEVEL: "silent", ...env });
    if (!config.ok) throw new Error(config.error.join("; "));
    const server = await startServer(config.value, { logger: createLogger("silent"), runner: new InlineToolRunner() });
    servers.push(server);
    return server;
  }

  const signUpCookie = async (server: RunningServer, email: string) => {
    const response = await fetch(`${server.url}/api/v1/auth/sign-up`, {
      method: "POST", headers: { "content-type": "application/json", "x-forwarded-proto": "https" },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(response.status).toBe(201);
    return response.headers.get("set-cookie") ?? "";
  };

  it("ignores X-Forwarded-Proto by default: no Secure cookie over plain HTTP", async () => {
    expect(await signUpCookie(await boot({}), "plain@example.com")).not.toMatch(/Secure/);
  });

  it("with TRUST_PROXY=loopback, a loopback proxy's X-Forwarded-Proto: https makes the cookie Secure", async () => {
    expect(await signUpCookie(await boot({ TRUST_PROXY: "loopback" }), "proxied@example.com")).toMatch(/; Secure$/);
  });

  it("sends Strict-Transport-Security on every answer to a request forwarded as HTTPS by a trusted proxy, never over HTTP", async () => {
    const [proxied, plain] = [await boot({ TRUST_PROXY: "loopback" }), await boot({})];
    const hstsOf = async (server: RunningServer, path: string, proto?: string) =>
      (await fetch(server.url + path, { headers: proto ? { "x-forwarded-proto": proto } : {}, redirect: "manual" })).headers.get("strict-transport-security");
    for (const path of ["/api/v1/health", "/api/v1/keys/current", "/dashboard/keys", "/dashboard/sign-in", "/no-such-path"]) {
      expect(await hstsOf(proxied, path, "https"), path).toBe("max-age=31536000");
      expect(await hstsOf(proxied, path, "http, https"), path).toBe("max-age=31536000");
      expect([await hstsOf(proxied, path), await hstsOf(proxied, path, "http"), await hstsOf(proxied, path, "https, http")], path).toEqual([null, null, null]);
      expect(await hstsOf(plain, path, "https"), `${path} from an untrusted peer`).toBeNull();
    }
  });

  it("sends it to an HTTPS request of an app served as a fetch handler (embedded), and not to an HTTP one", async () => {
    const { app } = createTestApp({ tools: [] });
    expect((await app.request("https://tools.example/api/v1/health")).headers.get("strict-transport-security")).toBe("max-age=31536000");
    expect((await app.request("http://tools.example/api/v1/health")).headers.get("strict-transport-security")).toBeNull();
  });

  it("npm start exits 78 with a message on a bad TRUST_PROXY", async () => {
    const dir = mkdtempSync(join(tmpdir(), "trust-"));
    dirs.push(dir);
    await expect(startServerProcess({ DATA_DIR: dir, TRUST_PROXY: "everyone" })).rejects.toThrow(/exited with 78[\s\S]*TRUST_PROXY="everyone" is invalid/);
  });
});
