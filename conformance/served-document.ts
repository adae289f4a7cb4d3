import SwaggerParser from "@apidevtools/swagger-parser";
import { isRecord } from "../adapters/http/openapi/json-schema-to-openapi.ts";
import { checkDocumentBounds } from "./document-bounds.ts";
import type { Document } from "./expectations.ts";
import { createHttpClient, type HttpClient, refuseRedirect } from "./http-client.ts";
import { type ConformanceLimits, DEFAULT_LIMITS, RunFailure } from "./limits.ts";

/** Where a deployment serves its document. */
export const DOCUMENT_PATH = "/api/v1/openapi.json";

/** swagger-parser may resolve nothing outside the document: no file, no URL (checkDocumentBounds refuses those first). */
const LOCAL_ONLY = { resolve: { external: false, file: false, http: false } } as const;

/**
 * Fetches the deployment's OpenAPI document (at most `limits.documentBytes`, within `limits.requestMs`), checks its
 * bounds (checkDocumentBounds: local $refs only, size, depth, patterns) and validates it as OpenAPI 3.0.x
 * (swagger-parser: structure and $refs). Throws with a plain message, or a RunFailure naming the bound passed, when
 * nothing can be judged.
 */
export async function loadServedDocument(baseUrl: string, http?: HttpClient, limits: ConformanceLimits = DEFAULT_LIMITS): Promise<Document> {
  const client = http ?? createHttpClient({ limits });
  try {
    const request = { method: "GET", url: `${baseUrl}${DOCUMENT_PATH}`, headers: { accept: "application/json" }, sizeLimit: "documentBytes" } as const;
    const answer = await client.send(request);
    refuseRedirect(answer, request);
    if (answer.status !== 200) throw new Error(`GET ${DOCUMENT_PATH} answered ${answer.status}; is --base-url a deployment of this API?`);
    return await validated(parsed(answer.text), limits);
  } catch (error) {
    if (error instanceof RunFailure) throw error;
    throw new RunFailure("the served document", `a reachable deployment serving a valid OpenAPI 3.0.x document at ${DOCUMENT_PATH}`, (error as Error).message);
  } finally {
    if (!http) client.close();
  }
}

function parsed(text: string): Document {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw new Error(`GET ${DOCUMENT_PATH} is not JSON`);
  }
  if (!isRecord(document) || typeof document.openapi !== "string" || !/^3\.0\.\d+$/.test(document.openapi)) {
    const version = isRecord(document) ? JSON.stringify(document.openapi ?? "missing").slice(0, 40) : "missing";
    throw new Error(`the served document is not OpenAPI 3.0.x (openapi: ${version})`);
  }
  return document as Document;
}

async function validated(document: Document, limits: ConformanceLimits): Promise<Document> {
  checkDocumentBounds(document, limits);
  try {
    // validate() dereferences its argument in place: hand it a copy, keep the $refs for the drift report.
    await SwaggerParser.validate(structuredClone(document) as never, LOCAL_ONLY as never);
  } catch (error) {
    throw new Error(`the served document is not valid OpenAPI 3.0: ${(error as Error).message.split("\n")[0]}`);
  }
  if (!isRecord(document.paths)) throw new Error("the served document has no paths");
  return document;
}

/**
 * The largest body the deployment accepts, where its document states it (`x-max-body-bytes` on `info` or on an
 * execute operation's request body); undefined when it does not.
 */
export function bodyLimitOf(document: Document): number | undefined {
  const candidates: unknown[] = [isRecord(document.info) ? document.info["x-max-body-bytes"] : undefined];
  const operation = document.paths["/execute/{tool}"]?.post;
  if (isRecord(operation) && isRecord(operation.requestBody)) candidates.push(operation.requestBody["x-max-body-bytes"]);
  return candidates.find((value): value is number => typeof value === "number" && Number.isInteger(value) && value > 0);
}
