// Two instances on one Redis against one: each server pinned to a core of its own where taskset exists.
import { load } from "./load.ts";
import { scenariosFor } from "./scenarios.ts";
import { type BenchServer, hasTaskset, startProduction } from "./servers.ts";
import { redisEnv } from "./store-envs.ts";

export interface ScalingReport {
  readonly oneRps: number;
  readonly twoRps: number;
  readonly ratio: number;
  readonly pinned: boolean;
}

export async function measureScaling(redisUrl: string, connections: number, seconds: number): Promise<ScalingReport> {
  const env = redisEnv(redisUrl);
  const servers: BenchServer[] = [];
  try {
    servers.push(await startProduction({ name: "redis-a", env, cpus: "0" }));
    servers.push(await startProduction({ name: "redis-b", env, cpus: "1", mintKeys: false }));
    const [a, b] = servers;
    const executeOn = (server: BenchServer) => {
      const scenario = scenariosFor({ ...server, keys: a.keys }).find((s) => s.id.endsWith("execute hash-text"));
      if (!scenario) throw new Error("no execute scenario");
      return scenario;
    };
    await load(executeOn(a), connections, { seconds: 1 });
    await load(executeOn(b), connections, { seconds: 1 });
    const one = await load(executeOn(a), connections, { seconds });
    const both = await Promise.all([a, b].map((server) => load(executeOn(server), Math.ceil(connections / 2), { seconds })));
    const twoRps = both.reduce((sum, m) => sum + m.rps, 0);
    return { oneRps: Math.round(one.rps), twoRps: Math.round(twoRps), ratio: twoRps / one.rps, pinned: hasTaskset() };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}
