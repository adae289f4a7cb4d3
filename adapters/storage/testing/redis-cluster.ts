import { spawn } from "node:child_process";
import { hasRedisServer, type PrivateRedis, startPrivateRedis } from "./private-redis.ts";

/** A Redis Cluster of this test alone: three masters, no replicas, on free ports. */
export interface TestCluster {
  readonly nodes: readonly PrivateRedis[];
  /** The seed URLs, as REDIS_CLUSTER takes them. */
  readonly urls: readonly string[];
  /** Resolves once every node reports cluster_state:ok (after a restart, too). */
  ready(): Promise<void>;
  dispose(): Promise<void>;
}

/** Why the cluster tests cannot run here, or undefined when they can: they are skipped with this reason, never silently. */
export function clusterUnavailable(): string | undefined {
  return hasRedisServer() ? undefined : "redis-server is not installed: the Redis Cluster tests need it to start a local cluster";
}

export async function startTestCluster(masters = 3): Promise<TestCluster> {
  // A short node timeout: a restarted node is taken back within seconds.
  const args = ["--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf", "--cluster-node-timeout", "2000"];
  const nodes: PrivateRedis[] = [];
  for (let i = 0; i < masters; i++) nodes.push(await startPrivateRedis(args));
  const addresses = nodes.map((node) => `127.0.0.1:${node.port}`);
  await run("redis-cli", ["--cluster", "create", ...addresses, "--cluster-replicas", "0", "--cluster-yes"]);
  const ready = async () => {
    const deadline = Date.now() + 20_000;
    for (const node of nodes) {
      while (!(await run("redis-cli", ["-p", String(node.port), "cluster", "info"])).includes("cluster_state:ok")) {
        if (Date.now() > deadline) throw new Error(`the test cluster's node ${node.port} is not ready`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  };
  await ready();
  return {
    nodes,
    urls: nodes.map((node) => node.url),
    ready,
    dispose: async () => {
      for (const node of nodes) await node.dispose();
    },
  };
}

function run(command: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} ${args.join(" ")} exited ${code}: ${out}`))));
  });
}
