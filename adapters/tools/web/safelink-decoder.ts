import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";

type Provider = "microsoft-safelinks" | "google-redirect";

const SAFELINKS_HOST = /(^|\.)safelinks\.protection\.(outlook\.com|office365\.us)$/;
const GOOGLE_HOST = /^(www\.)?google\.(com|[a-z]{2}|com?\.[a-z]{2})$/;

/** The wrapped target and who wrapped it, or undefined when the link is neither kind. */
function unwrap(link: URL): { provider: Provider; target: string | null } | undefined {
  if (SAFELINKS_HOST.test(link.hostname)) return { provider: "microsoft-safelinks", target: link.searchParams.get("url") };
  if (GOOGLE_HOST.test(link.hostname) && link.pathname === "/url") {
    return { provider: "google-redirect", target: link.searchParams.get("q") ?? link.searchParams.get("url") };
  }
  return undefined;
}

/** Reads the query string only; the link is never followed. */
export const safelinkDecoder = defineTool({
  id: "safelink-decoder",
  name: "Safelink Decoder",
  category: "web",
  description: "Recover the original URL from an Outlook SafeLinks or Google redirect (/url?q=…) link without following it.",
  input: {
    type: "object",
    required: ["url"],
    additionalProperties: false,
    properties: { url: { type: "string", minLength: 1, maxLength: 16_384, "x-tool-checks": "an Outlook SafeLinks or Google redirect link" } },
  },
  output: {
    type: "object",
    required: ["decodedUrl", "provider"],
    additionalProperties: false,
    properties: {
      decodedUrl: { type: "string" },
      provider: { type: "string", enum: ["microsoft-safelinks", "google-redirect"] },
    },
  },
  examples: [
    {
      title: "Outlook SafeLinks",
      source: "python3 urllib.parse.parse_qs(urlsplit(url).query)['url']",
      input: {
        url:
          "https://nam12.safelinks.protection.outlook.com/?url=https%3A%2F%2Fwww.example.com%2Fdocs%3Fid%3D42%26lang%3Den" +
          "&data=05%7C02%7Cuser%40contoso.com%7C0123456789abcdef%7C1%7C0%7C638000000000000000&sdata=abcdefghijklmnop%3D&reserved=0",
      },
      output: { decodedUrl: "https://www.example.com/docs?id=42&lang=en", provider: "microsoft-safelinks" },
    },
    {
      title: "Google Docs redirect (q parameter)",
      source: "python3 urllib.parse.parse_qs(urlsplit(url).query)['q']",
      input: { url: "https://www.google.com/url?q=https://example.org/path?x%3D1%26y%3D2&sa=D&source=editors&ust=1700000000000000&usg=AOvVaw0abc" },
      output: { decodedUrl: "https://example.org/path?x=1&y=2", provider: "google-redirect" },
    },
    {
      title: "Google search redirect (url parameter)",
      source: "python3 urllib.parse.parse_qs(urlsplit(url).query)['url']",
      input: { url: "https://www.google.co.uk/url?sa=t&rct=j&url=https%3A%2F%2Fen.wikipedia.org%2Fwiki%2FURL&ved=2ahUKE" },
      output: { decodedUrl: "https://en.wikipedia.org/wiki/URL", provider: "google-redirect" },
    },
  ],
  run: ({ url }: { url: string }) => {
    const link = URL.canParse(url) ? new URL(url) : undefined;
    const found = link && unwrap(link);
    if (!found) return err(invalidField("url", "Not an Outlook SafeLinks or Google redirect link."));
    if (!found.target || !URL.canParse(found.target)) {
      return err(invalidField("url", "The link does not carry an absolute target URL."));
    }
    return ok({ decodedUrl: found.target, provider: found.provider });
  },
});
