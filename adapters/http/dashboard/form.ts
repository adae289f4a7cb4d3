import type { H3Event } from "h3";
import { err, ok, type Result } from "../../../domain/result.ts";

/** Dashboard forms are small; anything larger is refused before it is buffered. */
const MAX_FORM_BYTES = 16_384;

export type FormProblem = "unsupported_media_type" | "payload_too_large";

/** An application/x-www-form-urlencoded body, read with a size cap. */
export async function readForm(event: H3Event): Promise<Result<URLSearchParams, FormProblem>> {
  const type = (event.req.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") return err("unsupported_media_type");
  if (Number(event.req.headers.get("content-length") ?? "0") > MAX_FORM_BYTES) return err("payload_too_large");
  const reader = event.req.body?.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const next = await reader?.read();
    if (!next || next.done) break;
    total += next.value.byteLength;
    if (total > MAX_FORM_BYTES) {
      await reader?.cancel().catch(() => {});
      return err("payload_too_large");
    }
    chunks.push(next.value);
  }
  return ok(new URLSearchParams(Buffer.concat(chunks, total).toString("utf8")));
}

/**
 * Whether a state-changing request comes from a page of this site. Browsers send `Origin` on every form POST;
 * when present it must name this host (the port included). A missing Origin is left to the CSRF token.
 */
export function isSameOrigin(event: H3Event): boolean {
  const origin = event.req.headers.get("origin");
  if (origin === null) return true;
  if (origin === "null") return false;
  try {
    return new URL(origin).host === (event.req.headers.get("host") ?? event.url.host);
  } catch {
    return false;
  }
}

/** A trimmed text field, empty when absent. */
export const field = (form: URLSearchParams, name: string): string => (form.get(name) ?? "").trim();
