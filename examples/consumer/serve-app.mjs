// The reference h3 app for a core, through its web-standard fetch; run with plain node after installing the tarball.
import { createToolCore } from "tool-execution-api";
import { createApp } from "tool-execution-api/http";

const core = await createToolCore();
const app = createApp(core);
// A day's window, as consumer.mjs's: the default minute could end between the calls below.
const { secret } = await core.keys.create({ name: "app", limit: 2, windowSeconds: 86_400 });
const call = (body, key = secret) =>
  app.fetch(new Request("http://localhost/api/v1/execute/hash-text", {
    method: "POST", headers: { "content-type": "application/json", "x-api-key": key }, body: JSON.stringify(body),
  }));
const read = async (response) => ({ status: response.status, headers: Object.fromEntries(response.headers), body: await response.json() });
const hash = { input: { algorithm: "sha256", text: "abc" } };
const answers = {
  ok: await read(await call(hash)),
  invalid: await read(await call({ input: { algorithm: "md4" } })),
  limited: await read(await call(hash)),
  unauthorized: await read(await call(hash, "tk_dev_nope")),
  tools: (await (await app.fetch(new Request("http://localhost/api/v1/tools"))).json()).data.tools.length,
};
process.stdout.write(`${JSON.stringify(answers)}\n`);
await core.close();
