import { createServer } from "node:http";
const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "upgrade", "host", "content-length", "proxy-connection"]);
const DOCUMENT = "/api/v1/openapi.json";
/**
 * A reverse proxy on 127.0.0.1 in front of a real server, applying the current mutant to what passes through.
 * It stands for a deployment that differs from the faithful one in exactly one way.
 */
export async function startMutatingProxy(upstream) {
    let current;
    const server = createServer((incoming, outgoing) => {
        forward(upstream, incoming, current).then(({ status, headers, body }) => {
            const plain = {};
            headers.forEach((value, name) => {
                if (!HOP_BY_HOP.has(name) && name !== "set-cookie")
                    plain[name] = value;
            });
            const cookies = headers.getSetCookie();
            if (cookies.length > 0)
                plain["set-cookie"] = cookies;
            outgoing.writeHead(status, { ...plain, "content-length": String(Buffer.byteLength(body)) }).end(body);
        }, () => outgoing.writeHead(502).end());
    });
    await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
    return {
        url: `http://127.0.0.1:${server.address().port}`,
        use: (mutant) => {
            current = mutant;
        },
        close: () => new Promise((resolve) => server.close(() => resolve())),
    };
}
async function forward(upstream, incoming, mutant) {
    const chunks = [];
    for await (const chunk of incoming)
        chunks.push(chunk);
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers)) {
        if (!HOP_BY_HOP.has(name) && value !== undefined)
            headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    }
    const method = incoming.method ?? "GET";
    const response = await fetch(`${upstream}${incoming.url}`, { method, headers, body: chunks.length > 0 ? Buffer.concat(chunks) : undefined, redirect: "manual" });
    const answer = { status: response.status, headers: new Headers(response.headers), body: await response.text() };
    const path = new URL(incoming.url ?? "/", "http://proxy.invalid").pathname;
    if (mutant?.document && path === DOCUMENT && answer.status === 200) {
        const document = JSON.parse(answer.body);
        mutant.document(document);
        answer.body = JSON.stringify(document);
    }
    mutant?.answer?.(answer, { method, path, headers: incoming.headers });
    return answer;
}
