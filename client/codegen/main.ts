/**
 * Regenerates client/src/generated/openapi.ts: `npm run -s client:types` starts a fresh server and reads its
 * document; `npm run -s client:types -- --url https://tools.example.com` reads a deployment's instead.
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { fetchDocument, renderTypes, TYPES_FILE, withFreshServer } from "./generate.ts";

const { values } = parseArgs({ options: { url: { type: "string" }, out: { type: "string", default: TYPES_FILE } } });
const document = values.url ? await fetchDocument(values.url) : await withFreshServer(fetchDocument);
writeFileSync(values.out, await renderTypes(document));
console.log(`wrote ${values.out}`);
