// deploy/kubernetes, checked offline (no cluster here): every manifest against Kubernetes' schemas (kubernetes-models),
// the pod against the Pod Security Standard "restricted", the objects against each other (selectors, names, ports),
// the probes against the routes the server serves, and every variable loaded as the server loads it.
import { ConfigMap, Secret, Service } from "kubernetes-models/v1";
import { Deployment } from "kubernetes-models/apps/v1";
import { HorizontalPodAutoscaler } from "kubernetes-models/autoscaling/v2";
import { Ingress, NetworkPolicy } from "kubernetes-models/networking.k8s.io/v1";
import { PodDisruptionBudget } from "kubernetes-models/policy/v1";
import { describe, expect, it } from "vitest";
import { ROUTES } from "../adapters/http/route-list.ts";
import { PROBE_TIMEOUT_MS } from "../adapters/http/routes/health.ts";
import { readImageRecipe } from "./testing/dockerfile.ts";
import { IMAGE_USER_ID } from "./testing/image-run.ts";
import { restrictedViolations } from "./testing/pod-security.ts";
import { loadAs, readManifests, toMebibytes } from "./testing/recipe-config.ts";

const MODELS = { ConfigMap, Deployment, HorizontalPodAutoscaler, Ingress, NetworkPolicy, PodDisruptionBudget, Secret, Service } as const;
const image = readImageRecipe();
const manifests = readManifests();
const only = (kind: keyof typeof MODELS) => {
  const found = manifests.filter((manifest) => manifest.document.kind === kind);
  if (found.length !== 1) throw new Error(`expected one ${kind}, found ${found.length}`);
  return found[0];
};
const deployment = only("Deployment").document;
const configMap = only("ConfigMap").document;
const secret = only("Secret").document;
const service = only("Service").document;
const pdb = only("PodDisruptionBudget").document;
const hpa = only("HorizontalPodAutoscaler").document;
const networkPolicy = only("NetworkPolicy").document;
const ingress = only("Ingress").document;
const pod = deployment.spec.template.spec;
const container = pod.containers[0];
const podLabels = deployment.spec.template.metadata.labels;
const routePath = (operationId: string) => ROUTES.find((route) => route.operationId === operationId)?.path;

describe("deploy/kubernetes: the manifests", () => {
  it("hold one of each kind the recipe needs, each valid against the Kubernetes schemas", () => {
    expect(manifests.map((manifest) => manifest.document.kind).sort()).toEqual(Object.keys(MODELS).sort());
    for (const { document } of manifests) {
      expect(() => new MODELS[document.kind as keyof typeof MODELS](document).validate(), document.kind).not.toThrow();
    }
  });

  it("the schema check refuses a broken manifest (so the one above is a real check)", () => {
    expect(() => new Deployment({ ...deployment, spec: { ...deployment.spec, replicas: "two" } }).validate()).toThrow(/replicas/);
    expect(() => new HorizontalPodAutoscaler({ ...hpa, spec: { ...hpa.spec, minReplicas: "2" } }).validate()).toThrow(/minReplicas/);
  });
});

describe("deploy/kubernetes: probes", () => {
  it("probe liveness on the route that never asks storage and readiness on the one that does, both served", () => {
    expect(routePath("getLiveness")).toBe("/api/v1/health/live");
    expect(routePath("getHealth")).toBe("/api/v1/health");
    expect(container.livenessProbe.httpGet).toEqual({ path: routePath("getLiveness"), port: "http" });
    expect(container.readinessProbe.httpGet).toEqual({ path: routePath("getHealth"), port: "http" });
  });

  it("give readiness longer than health waits on storage, so a slow store reads as 503, not as a probe timeout", () => {
    expect(container.readinessProbe.timeoutSeconds * 1000).toBeGreaterThan(PROBE_TIMEOUT_MS);
  });
});

describe("deploy/kubernetes: the pod", () => {
  it("is admitted under Pod Security \"restricted\", as the image's non-root user, on a read-only root", () => {
    expect(restrictedViolations(pod)).toEqual([]);
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: IMAGE_USER_ID, seccompProfile: { type: "RuntimeDefault" } });
    expect(container.securityContext).toMatchObject({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ["ALL"] } });
    const writable = new Set(pod.volumes.filter((volume: { emptyDir?: unknown }) => volume.emptyDir).map((volume: { name: string }) => volume.name));
    const mounts = container.volumeMounts.map((mount: { name: string; mountPath: string }) => [mount.mountPath, writable.has(mount.name)]);
    expect(Object.fromEntries(mounts)).toEqual({ [image.env.DATA_DIR]: true, "/tmp": true });
  });

  it("the restricted check refuses the pod without seccompProfile, with escalation or a host path (so the one above is a real check)", () => {
    const { seccompProfile: _pod, ...podContext } = pod.securityContext;
    const { seccompProfile: _container, ...containerContext } = container.securityContext;
    const withoutSeccomp = { ...pod, securityContext: podContext, containers: [{ ...container, securityContext: containerContext }] };
    expect(restrictedViolations(withoutSeccomp)).toEqual(["container api has no RuntimeDefault or Localhost seccompProfile"]);
    const escalating = { ...pod, containers: [{ ...container, securityContext: { ...container.securityContext, allowPrivilegeEscalation: true } }] };
    expect(restrictedViolations(escalating)).toEqual(["container api does not set allowPrivilegeEscalation: false"]);
    const hostPath = { ...pod, volumes: [...pod.volumes, { name: "host", hostPath: { path: "/" } }] };
    expect(restrictedViolations(hostPath)).toEqual(["volume host is of type hostPath"]);
  });

  it("requests at least the memory measured after light use, and limits above the request, with a CPU request for the HPA", () => {
    const measured = Number(/: (\d+) MiB \(server/.exec(only("Deployment").text)?.[1]);
    expect(measured).toBeGreaterThan(384);
    const { requests, limits } = container.resources;
    expect(toMebibytes(requests.memory)).toBeGreaterThanOrEqual(measured);
    expect(toMebibytes(limits.memory)).toBeGreaterThan(toMebibytes(requests.memory));
    expect(requests.cpu).toBeDefined();
  });

  it("spreads its instances over nodes and zones", () => {
    const spread = pod.topologySpreadConstraints as { topologyKey: string; labelSelector: { matchLabels: unknown } }[];
    expect(spread.map((constraint) => constraint.topologyKey).sort()).toEqual(["kubernetes.io/hostname", "topology.kubernetes.io/zone"]);
    for (const constraint of spread) expect(constraint.labelSelector.matchLabels).toEqual(podLabels);
  });

  it("stops later than its preStop pause plus the server's drain", () => {
    const config = loadAs({ ...image.env, ...configMap.data, ...secret.stringData });
    const [sleep, seconds] = container.lifecycle.preStop.exec.command;
    expect(sleep).toBe("sleep");
    expect(pod.terminationGracePeriodSeconds * 1000).toBeGreaterThan(Number(seconds) * 1000 + config.shutdownTimeoutMs);
  });
});

describe("deploy/kubernetes: the objects around the Deployment", () => {
  it("the PodDisruptionBudget, Service, NetworkPolicy and HPA all select the Deployment's pods", () => {
    expect(deployment.spec.selector.matchLabels).toEqual(podLabels);
    expect(pdb.spec.selector.matchLabels).toEqual(deployment.spec.selector.matchLabels);
    expect(pdb.spec.maxUnavailable).toBe(1);
    expect(service.spec.selector).toEqual(podLabels);
    expect(networkPolicy.spec.podSelector.matchLabels).toEqual(podLabels);
    expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: deployment.apiVersion, kind: "Deployment", name: deployment.metadata.name });
  });

  it("the HPA scales on CPU from 2 instances and owns the count (the Deployment sets no replicas)", () => {
    expect(hpa.apiVersion).toBe("autoscaling/v2");
    expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
    expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
    expect(hpa.spec.metrics).toEqual([{ type: "Resource", resource: { name: "cpu", target: { type: "Utilization", averageUtilization: 70 } } }]);
    expect(deployment.spec.replicas).toBeUndefined();
  });

  it("the Ingress reaches the Service's port, the Service the container's, and the NetworkPolicy lets it in", () => {
    const port = container.ports.find((entry: { name: string }) => entry.name === "http");
    expect(port.containerPort).toBe(Number(configMap.data.PORT));
    expect(service.spec.ports[0].targetPort).toBe("http");
    const [path] = ingress.spec.rules[0].http.paths;
    expect(path.backend.service).toEqual({ name: service.metadata.name, port: { name: service.spec.ports[0].name } });
    expect(networkPolicy.spec.ingress[0].ports).toEqual([{ port: "http", protocol: "TCP" }]);
  });

  it("the NetworkPolicy lets out DNS, PostgreSQL, Redis and public HTTPS only, never the private ranges on that rule", () => {
    const egressPorts = networkPolicy.spec.egress.flatMap((rule: { ports: { port: number }[] }) => rule.ports.map((entry) => entry.port));
    expect(new Set(egressPorts)).toEqual(new Set([53, 5432, 6379, 443, 465, 587]));
    const publicRule = networkPolicy.spec.egress.find((rule: { to?: { ipBlock?: unknown }[] }) => rule.to?.[0]?.ipBlock);
    expect(publicRule.to[0].ipBlock.except).toEqual(expect.arrayContaining(["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "169.254.0.0/16"]));
  });
});

describe("deploy/kubernetes: variables", () => {
  it("come from the ConfigMap and the Secret (DATABASE_URL, REDIS_URL, METRICS_TOKEN), and the server accepts them", () => {
    expect(container.envFrom).toEqual([{ configMapRef: { name: configMap.metadata.name } }, { secretRef: { name: secret.metadata.name } }]);
    expect(Object.keys(secret.stringData).sort()).toEqual(["DATABASE_URL", "METRICS_TOKEN", "REDIS_URL"]);
    const config = loadAs({ ...image.env, ...configMap.data, ...secret.stringData });
    expect(config.databaseUrl).toBe(secret.stringData.DATABASE_URL);
    expect(config.redisUrl).toBe(secret.stringData.REDIS_URL);
  });

  it("name stores the recipe does not create: the Secret's hosts are placeholders, and no manifest runs a store", () => {
    for (const url of [secret.stringData.DATABASE_URL, secret.stringData.REDIS_URL]) expect(new URL(url).hostname).toMatch(/\.example\.internal$/);
    expect(manifests.filter((manifest) => /StatefulSet|Deployment/.test(manifest.document.kind))).toHaveLength(1);
  });

  it("set PUBLIC_URL to the Ingress's HTTPS host", () => {
    const [rule] = ingress.spec.rules;
    expect(configMap.data.PUBLIC_URL).toBe(`https://${rule.host}`);
    expect(ingress.spec.tls[0].hosts).toEqual([rule.host]);
  });
});
