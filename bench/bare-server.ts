// The baseline: bare node:http answering a fixed small JSON to any request, body read and discarded.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

const BODY = JSON.stringify({ status: "success", code: 200, data: { output: { ok: true } } });

const server = createServer((req, res) => {
  req.resume();
  req.on("end", () => res.writeHead(200, { "content-type": "application/json" }).end(BODY));
});
server.listen(0, "127.0.0.1", () => {
  process.send?.({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
