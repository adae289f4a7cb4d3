import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpClientMetadataFetcher, type MetadataGet, readMetadataAnswer } from "./client-metadata-fetcher.ts";

const DOCUMENT = { client_id: "https://agent.example/client.json", redirect_uris: ["https://agent.example/cb"] };
const requests: string[] = [];
let server: Server;
let base: string;

/** A real server on 127.0.0.1: what the metadata URL of a hostile or broken client could answer. */
function route(request: IncomingMessage, response: ServerResponse): void {
  requests.push(request.url ?? "");
  if (request.url === "/client.json") return void response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(DOCUMENT));
  if (request.url === "/moved") return void response.writeHead(302, { location: "/client.json" }).end();
  if (request.url === "/huge") {
    response.writeHead(200, { "content-type": "application/json" });
    const chunk = Buffer.alloc(16 * 1024, 0x20);
    let sent = 0;
    const pump = () => {
      while (sent < 1024 && response.write(chunk)) sent += 1;
      if (sent < 1024) response.once("drain", pump);
      else response.end();
    };
    response.on("close", () => (sent = 1024));
    return pump();
  }
  if (request.url === "/silent") return; // never answers
  response.writeHead(404).end();
}

beforeAll(async () => {
  server = createServer(route);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("HttpClientMetadataFetcher's refusals (the webhooks' address rules)", () => {
  it("refuses a loopback address without connecting, however it is written", async () => {
    const fetcher = new HttpClientMetadataFetcher();
    const before = requests.length;
    for (const url of [`https://${base}/client.json`, `https://[::ffff:127.0.0.1]:${base.split(":")[1]}/client.json`]) {
      expect(await fetcher.fetch(url), url).toEqual({ ok: false, reason: "the address is refused (loopback)" });
    }
    expect(requests.length).toBe(before);
  });

  it("refuses a host name that resolves to a loopback address (the system resolver: localhost)", async () => {
    const fetcher = new HttpClientMetadataFetcher();
    expect(await fetcher.fetch(`https://localhost:${base.split(":")[1]}/client.json`)).toEqual({ ok: false, reason: "the host resolves to a refused address (loopback)" });
  });

  it("refuses http:, credentials, and a host that resolves to any refused address among public ones", async () => {
    const lookup = async () => [{ address: "93.184.215.14", family: 4 }, { address: "10.0.0.7", family: 4 }];
    const fetcher = new HttpClientMetadataFetcher({ lookup });
    expect(await fetcher.fetch("http://agent.example/client.json")).toEqual({ ok: false, reason: "the URL must use https" });
    expect(await fetcher.fetch("https://u:p@agent.example/client.json")).toEqual({ ok: false, reason: "the URL must not contain credentials" });
    expect(await fetcher.fetch("https://agent.example/client.json")).toEqual({ ok: false, reason: "the host resolves to a refused address (private)" });
  });

  it("connects only to the address it checked, with the URL's host and path", async () => {
    const seen: string[] = [];
    const get: MetadataGet = async (target) => {
      seen.push(`${target.address} ${target.hostname} ${target.url.pathname}`);
      return { status: 200, contentType: "application/json; charset=utf-8", body: Buffer.from(JSON.stringify(DOCUMENT)) };
    };
    const fetcher = new HttpClientMetadataFetcher({ lookup: async () => [{ address: "93.184.215.14", family: 4 }], get });
    expect(await fetcher.fetch("https://agent.example/client.json")).toEqual({ ok: true, document: DOCUMENT });
    expect(seen).toEqual(["93.184.215.14 agent.example /client.json"]);
  });
});

// With allowPrivate (WEBHOOK_ALLOW_PRIVATE's meaning, for development) the real GET path runs against the local server.
describe("HttpClientMetadataFetcher's GET (allowPrivate, against a real local server)", () => {
  const fetcher = new HttpClientMetadataFetcher({ allowPrivate: true, timeoutMs: 1000 });

  it("reads a JSON document", async () => {
    expect(await fetcher.fetch(`http://${base}/client.json`)).toEqual({ ok: true, document: DOCUMENT });
  });

  it("does not follow a redirect", async () => {
    const before = requests.length;
    expect(await fetcher.fetch(`http://${base}/moved`)).toEqual({ ok: false, reason: "the document's URL redirects (302); redirects are not followed" });
    expect(requests.slice(before)).toEqual(["/moved"]);
  });

  it("stops reading past 64 KiB", async () => {
    expect(await fetcher.fetch(`http://${base}/huge`)).toEqual({ ok: false, reason: "the document is larger than 65536 bytes" });
  });

  it("gives up on a server that never answers, at the time cap", async () => {
    const started = performance.now();
    expect(await fetcher.fetch(`http://${base}/silent`)).toEqual({ ok: false, reason: "timed out after 1 s" });
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

describe("readMetadataAnswer", () => {
  const answer = (status: number, body: string, contentType = "application/json") => ({ status, contentType, body: Buffer.from(body) });

  it.each([
    ["a 404", answer(404, "{}"), "the document's URL answered 404"],
    ["a 301", answer(301, ""), "the document's URL redirects (301); redirects are not followed"],
    ["text/html", answer(200, "{}", "text/html"), "the document is not served as application/json"],
    ["broken JSON", answer(200, "{"), "the document is not valid JSON"],
    ["a JSON array", answer(200, "[]"), "the document is not a JSON object"],
    ["a body over the cap", answer(200, `{"a":"${"x".repeat(100)}"}`), "the document is larger than 64 bytes"],
  ])("refuses %s", (_, given, reason) => {
    expect(readMetadataAnswer(given, 64)).toEqual({ ok: false, reason });
  });

  it("accepts a JSON object served as application/json or a +json type", () => {
    expect(readMetadataAnswer(answer(200, '{"a":1}'), 64)).toEqual({ ok: true, document: { a: 1 } });
    expect(readMetadataAnswer(answer(200, '{"a":1}', "application/oauth-client+json"), 64)).toEqual({ ok: true, document: { a: 1 } });
  });
});
