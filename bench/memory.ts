// --memory N: what the Deployment's memory request is sized on (README, "Deploy"), measured again in each run.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { serverTools } from "../adapters/tools/index.ts";
import { type BenchServer, startProduction } from "./servers.ts";
import { embeddedEnv } from "./store-envs.ts";

export interface MemoryReport {
  readonly executes: number;
  /** Pss (pages shared between the processes counted once) of the server and its tool processes together, MiB. */
  readonly pssMiB: number;
  readonly serverMiB: number;
  readonly toolProcessesMiB: readonly number[];
  /** The Deployment's `resources.requests.memory`, MiB. */
  readonly requestMiB: number;
}

/** How long the processes rest after the last call before they are read: the tool processes answer, then settle. */
const SETTLE_MS = 3000;

/**
 * A fresh embedded server as `npm start` runs it takes `executes` calls, every server tool's examples in turn, one at a
 * time (each must answer 200); then the Pss of it and its tool processes, from /proc/<pid>/smaps_rollup.
 */
export async function measureMemory(executes: number): Promise<MemoryReport> {
  const server = await startProduction({ name: "memory", env: embeddedEnv() });
  try {
    const examples = serverTools.flatMap((tool) => tool.examples.map((example) => ({ id: tool.id, input: example.input })));
    for (let i = 0; i < executes; i++) await call(server, examples[i % examples.length]);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const serverMiB = pssMiB(server.pid);
    const toolProcessesMiB = childrenOf(server.pid).map(pssMiB);
    const total = serverMiB + toolProcessesMiB.reduce((sum, mib) => sum + mib, 0);
    return { executes, pssMiB: total, serverMiB, toolProcessesMiB, requestMiB: deploymentMemoryRequestMiB() };
  } finally {
    await server.stop();
  }
}

async function call(server: BenchServer, { id, input }: { id: string; input: unknown }): Promise<void> {
  const answer = await fetch(`${server.url}/api/v1/execute/${id}`, {
    method: "POST", headers: { "content-type": "application/json", "x-api-key": server.keys?.unlimited ?? "" }, body: JSON.stringify({ input }),
  });
  const text = await answer.text();
  if (answer.status !== 200) throw new Error(`memory: ${id}'s example answered ${answer.status}: ${text.slice(0, 300)}`);
}

function pssMiB(pid: number): number {
  const kib = Number(/^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"))?.[1]);
  return Math.round(kib / 1024);
}

function childrenOf(pid: number): number[] {
  const listed = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
  return listed ? listed.split(" ").map(Number) : [];
}

/** `resources.requests.memory` of deploy/kubernetes/deployment.yaml (`768Mi`, `1Gi`), in MiB. */
export function deploymentMemoryRequestMiB(yaml = readFileSync(join(import.meta.dirname, "../deploy/kubernetes/deployment.yaml"), "utf8")): number {
  const match = /requests:\s*\n(?:\s+\w+: \S+\n)*?\s+memory: (\d+)(Mi|Gi)\b/.exec(yaml);
  if (!match) throw new Error("deployment.yaml names no resources.requests.memory in Mi or Gi");
  return Number(match[1]) * (match[2] === "Gi" ? 1024 : 1);
}
