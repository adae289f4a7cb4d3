// The framework floor: an h3 app on node:http (as the project serves it) answering the bare server's JSON through
// srvx's FastResponse, body read, no auth, no logging. The gap from bare is h3 + srvx; the gap above it is ours.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { H3 } from "h3";
import { toNodeHandler } from "h3/node";
import { FastResponse } from "srvx";

const BODY = JSON.stringify({ status: "success", code: 200, data: { output: { ok: true } } });

const app = new H3();
app.post("/", async (event) => {
  await event.req.text();
  return new FastResponse(BODY, { headers: { "content-type": "application/json" } });
});
const server = createServer(toNodeHandler(app));
server.listen(0, "127.0.0.1", () => {
  process.send?.({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
