import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alone, forgetServer, registerServer } from "./quiet.ts";

// Real processes: three "servers", the second with a child process of its own (a tool process, as a server has).
const IDLE = "setInterval(() => {}, 1000)";
const WITH_CHILD = `require("node:child_process").spawn(process.execPath, ["-e", ${JSON.stringify(IDLE)}], { stdio: ["ignore", "ignore", "ignore", "ipc"] }).on("spawn", () => process.send("up")); ${IDLE}`;
let a: ChildProcess;
let b: ChildProcess;
let c: ChildProcess;
let bChild: number;

/** A process's state letter in /proc: "T" stopped, "S" sleeping, "R" running. */
const state = (pid: number) => readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1][0];
/** The states of `pids` once each is stopped (`stopped` true) or not, as the kernel delivers the signals: within 5 s. */
async function settled(pids: readonly (number | undefined)[], stopped: boolean): Promise<string[]> {
  const read = () => pids.map((pid) => state(pid as number));
  for (const until = Date.now() + 5_000; Date.now() < until; await new Promise((resolve) => setTimeout(resolve, 10))) {
    if (read().every((letter) => (letter === "T") === stopped)) break;
  }
  return read();
}
const children = (pid: number) => readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(" ").filter(Boolean).map(Number);

beforeAll(async () => {
  a = spawn(process.execPath, ["-e", IDLE]);
  b = spawn(process.execPath, ["-e", WITH_CHILD], { stdio: ["ignore", "ignore", "ignore", "ipc"] });
  c = spawn(process.execPath, ["-e", IDLE]);
  await new Promise((resolve) => b.once("message", resolve));
  bChild = children(b.pid as number)[0];
  for (const server of [a, b, c]) registerServer(server.pid as number);
});

afterAll(() => {
  for (const server of [a, b, c]) {
    forgetServer(server.pid as number);
    server.kill("SIGKILL");
  }
  process.kill(bChild, "SIGKILL");
});

describe("a load's server alone", () => {
  it("stops every other server and its children while the load runs, and resumes them after", async () => {
    const during = await alone(a.pid as number, async () => [...await settled([b.pid, c.pid, bChild], true), state(a.pid as number)]);
    expect(during).toEqual(["T", "T", "T", expect.not.stringMatching("T")]);
    expect(await settled([a.pid, b.pid, c.pid, bChild], false)).not.toContain("T");
  });

  it("keeps both servers of loads that run at once running, stopping only the third, and resumes all when both end", async () => {
    let seen: string[] = [];
    const second = alone(b.pid as number, () => new Promise<void>((resolve) => setTimeout(resolve, 200)));
    await alone(a.pid as number, async () => {
      seen = [...await settled([c.pid], true), ...[a.pid, b.pid, bChild].map((pid) => state(pid as number))];
    });
    // a's load ended first: a is stopped while b's still runs.
    const afterFirst = await settled([a.pid], true);
    await second;
    expect(seen).toEqual(["T", ...[1, 2, 3].map(() => expect.not.stringMatching("T"))]);
    expect(afterFirst).toEqual(["T"]);
    expect(await settled([a.pid, b.pid, c.pid, bChild], false)).not.toContain("T");
  });

  it("resumes the others when the load fails", async () => {
    await expect(alone(c.pid as number, async () => {
      await settled([a.pid, b.pid, bChild], true);
      throw new Error("load failed");
    })).rejects.toThrow("load failed");
    expect(await settled([a.pid, b.pid, c.pid, bChild], false)).not.toContain("T");
  });
});
