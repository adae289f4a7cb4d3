import { describe, expect, it } from "vitest";
import { answerInBatches } from "./answer-batching.ts";

const echo = answerInBatches(async (request) => new Response(new URL(request.url).pathname));
const get = (path: string) => new Request(`http://127.0.0.1${path}`);

describe("answerInBatches", () => {
  it("hands over the answers made in one turn together, in that turn's check phase, each unchanged", async () => {
    const events: string[] = [];
    const answers = ["/1", "/2", "/3"].map((path) =>
      echo(get(path)).then(async (response) => {
        events.push(await response.clone().text());
        if (path === "/1") setImmediate(() => events.push("next check phase"));
        return response;
      }),
    );
    // Queued before any answer waits: the check phase runs it first, then releases the whole batch.
    setImmediate(() => events.push("queued earlier"));
    const texts = await Promise.all(answers.map(async (answer) => (await answer).text()));
    await new Promise((resolve) => setImmediate(resolve));
    expect(texts).toEqual(["/1", "/2", "/3"]);
    expect(events).toEqual(["queued earlier", "/1", "/2", "/3", "next check phase"]);
  });

  it("answers a request made in a later turn in that turn's own batch", async () => {
    expect(await (await echo(get("/a"))).text()).toBe("/a");
    expect(await (await echo(get("/b"))).text()).toBe("/b");
  });

  it("passes a failed handler's rejection on as it is", async () => {
    const failing = answerInBatches(() => Promise.reject(new Error("boom")));
    await expect(failing(get("/x"))).rejects.toThrow("boom");
  });
});
