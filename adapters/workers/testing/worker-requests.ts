import { type Agent, request } from "node:http";
import { join } from "node:path";
import type { ServerProcess } from "../../testing/process.ts";

/** `npm start` with WORKERS serving one inline tool (light-workers.mjs): started by startServerProcess(env, ENTRY). */
export const ENTRY = join(import.meta.dirname, "light-workers.mjs");

export interface Answer {
  readonly status: number;
  readonly body: string;
}

/** POSTs an execute call; `agent` false: on a connection of its own, which the kernel or the primary hands to any worker. */
export function execute(url: string, secret: string, agent: Agent | false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ input: { text: "abc", algorithm: "sha256" } });
    const req = request(`${url}/api/v1/execute/hash-text`, { method: "POST", agent, headers: { "content-type": "application/json", "x-api-key": secret } }, (res) => {
      let text = "";
      res.setEncoding("utf8").on("data", (chunk: string) => (text += chunk)).on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on("error", reject).end(body);
  });
}

export const count = (answers: readonly Answer[], status: number) => answers.filter((answer) => answer.status === status).length;

/** A request's log line, the fields the tests read. */
export interface LogLine {
  readonly worker: number;
  readonly status: number;
  readonly keyId: string | null;
  readonly authFailure?: string;
}

/** The workers whose request log lines match (the log batches lines for 20 ms). */
export function workersLogging(server: ServerProcess, match: (line: LogLine) => boolean): Set<number> {
  const found = new Set<number>();
  for (const text of server.output().split("\n")) {
    if (!text.includes('"msg":"request"')) continue;
    const line = JSON.parse(text) as LogLine;
    if (match(line)) found.add(line.worker);
  }
  return found;
}
