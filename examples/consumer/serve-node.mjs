// The reference app on node:http with the reference server's wire rules (createNodeServer); run with plain node after
// installing the tarball. Two requests on one keep-alive connection: a refusal whose body is never read, then a call.
import { Agent, request } from "node:http";
import { createToolCore } from "tool-execution-api";
import { createNodeServer } from "tool-execution-api/http";

const core = await createToolCore();
const { server } = createNodeServer(core);
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const { secret } = await core.keys.create({ name: "node", limit: 10 });
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const post = (key) =>
  new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port: server.address().port, path: "/api/v1/execute/hash-text", method: "POST", agent,
      headers: { "content-type": "application/json", "x-api-key": key } }, (res) => {
      let body = "";
      res.setEncoding("utf8").on("data", (chunk) => (body += chunk)).on("end", () => {
        resolve({ status: res.statusCode, reason: res.statusMessage, reusedSocket: req.reusedSocket, requestId: res.headers["x-request-id"], body: JSON.parse(body) });
      });
    });
    req.on("error", reject);
    req.end(JSON.stringify({ input: { algorithm: "sha256", text: "abc" } }));
  });
const refused = await post("tk_dev_nope");
const ok = await post(secret);
process.stdout.write(`${JSON.stringify({ refused, ok })}\n`);
agent.destroy();
server.close();
await core.close();
