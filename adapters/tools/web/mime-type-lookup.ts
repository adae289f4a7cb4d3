import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { lazy } from "../lazy.ts";

const loadMime = lazy(async () => (await import("mime-types")).default);

type Input = { extension?: string; mimeType?: string };
type Mime = typeof import("mime-types");

/** Builds the answer for a MIME type that mime-types (mime-db) knows extensions for. */
function describe(mime: Mime, mimeType: string) {
  const extensions = Object.hasOwn(mime.extensions, mimeType) ? mime.extensions[mimeType] : undefined;
  if (!extensions) return undefined;
  return { mimeType, extensions: [...extensions], charset: mime.charset(mimeType) || null, contentType: mime.contentType(mimeType) || null };
}

/** Data is mime-db as bundled with mime-types (pinned); text/* without a registered charset defaults to UTF-8. */
export const mimeTypeLookup = defineTool({
  id: "mime-type-lookup",
  name: "MIME Type Lookup",
  category: "web",
  description: "Look up the MIME type of a file extension, or the extensions of a MIME type (give exactly one of the two).",
  input: {
    type: "object",
    additionalProperties: false,
    properties: {
      extension: { type: "string", minLength: 1, maxLength: 255, "x-tool-checks": "an extension with a registered MIME type" },
      mimeType: { type: "string", minLength: 1, maxLength: 255, "x-tool-checks": "a registered MIME type" },
    },
    // Exactly one of the two; ajv's strictRequired wants each branch to declare what it requires.
    oneOf: [
      { required: ["extension"], properties: { extension: { type: "string" } } },
      { required: ["mimeType"], properties: { mimeType: { type: "string" } } },
    ],
  },
  output: {
    type: "object",
    required: ["mimeType", "extensions", "charset", "contentType"],
    additionalProperties: false,
    properties: {
      mimeType: { type: "string" },
      extensions: { type: "array", items: { type: "string" } },
      charset: { type: ["string", "null"] },
      contentType: { type: ["string", "null"] },
    },
  },
  examples: [
    {
      title: "Extension of a file name",
      source: "python3 over mime-db db.json (text/markdown: extensions md, markdown; text/* defaults to UTF-8); RFC 7763",
      input: { extension: "README.md" },
      output: { mimeType: "text/markdown", extensions: ["md", "markdown"], charset: "UTF-8", contentType: "text/markdown; charset=utf-8" },
    },
    {
      title: "A binary type has no charset",
      source: "python3 over mime-db db.json (image/png: extensions png, no charset); RFC 2083",
      input: { extension: "png" },
      output: { mimeType: "image/png", extensions: ["png"], charset: null, contentType: "image/png" },
    },
    {
      title: "Extensions of a MIME type, parameters ignored",
      source: "python3 over mime-db db.json (application/json: charset UTF-8, extensions json, map)",
      input: { mimeType: "Application/JSON; charset=utf-8" },
      output: { mimeType: "application/json", extensions: ["json", "map"], charset: "UTF-8", contentType: "application/json; charset=utf-8" },
    },
  ],
  run: async ({ extension, mimeType }: Input) => {
    const mime = await loadMime();
    if (extension !== undefined) {
      const found = mime.lookup(extension);
      const result = found ? describe(mime, found) : undefined;
      return result ? ok(result) : err(invalidField("extension", `No MIME type is registered for '${extension}'.`));
    }
    const bare = (mimeType ?? "").split(";")[0].trim().toLowerCase();
    const result = describe(mime, bare);
    return result ? ok(result) : err(invalidField("mimeType", `No extensions are registered for the MIME type '${bare}'.`));
  },
});
