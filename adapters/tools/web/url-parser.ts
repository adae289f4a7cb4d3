import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";

const COMPONENTS = ["href", "protocol", "username", "password", "hostname", "port", "host", "origin", "pathname", "search", "hash"] as const;

type UrlParts = Record<(typeof COMPONENTS)[number], string> & { searchParams: { key: string; value: string }[] };

/** Parses only: the URL is never fetched (no SSRF surface). */
export const urlParser = defineTool({
  id: "url-parser",
  name: "URL Parser",
  category: "web",
  description: "Split an absolute URL into its WHATWG URL components and query parameters. Parses only, never fetches.",
  input: {
    type: "object",
    required: ["url"],
    additionalProperties: false,
    properties: { url: { type: "string", minLength: 1, maxLength: 8192, "x-tool-checks": "an absolute URL" } },
  },
  output: {
    type: "object",
    required: [...COMPONENTS, "searchParams"],
    additionalProperties: false,
    properties: {
      ...Object.fromEntries(COMPONENTS.map((name) => [name, { type: "string" }])),
      searchParams: {
        type: "array",
        items: {
          type: "object",
          required: ["key", "value"],
          additionalProperties: false,
          properties: { key: { type: "string" }, value: { type: "string" } },
        },
      },
    },
  },
  examples: [
    {
      title: "Every component of the Node.js URL diagram",
      source: "Node.js docs, 'URL strings and URL objects' diagram; cross-checked with python3 urllib.parse.urlsplit",
      input: { url: "https://user:pass@sub.example.com:8080/p/a/t/h?query=string#hash" },
      output: {
        href: "https://user:pass@sub.example.com:8080/p/a/t/h?query=string#hash",
        protocol: "https:",
        username: "user",
        password: "pass",
        hostname: "sub.example.com",
        port: "8080",
        host: "sub.example.com:8080",
        origin: "https://sub.example.com:8080",
        pathname: "/p/a/t/h",
        search: "?query=string",
        hash: "#hash",
        searchParams: [{ key: "query", value: "string" }],
      },
    },
    {
      title: "Default port dropped, dot segments removed, repeated keys kept in order",
      source: "WHATWG URL standard (default port of https is 443; path dot-segment removal as RFC 3986 §5.2.4); query pairs from python3 urllib.parse.parse_qsl",
      input: { url: "https://example.org:443/a/./b/../c?x=1&y=a+b&x=2" },
      output: {
        href: "https://example.org/a/c?x=1&y=a+b&x=2",
        protocol: "https:",
        username: "",
        password: "",
        hostname: "example.org",
        port: "",
        host: "example.org",
        origin: "https://example.org",
        pathname: "/a/c",
        search: "?x=1&y=a+b&x=2",
        hash: "",
        searchParams: [
          { key: "x", value: "1" },
          { key: "y", value: "a b" },
          { key: "x", value: "2" },
        ],
      },
    },
    {
      title: "An IDN host comes back in punycode",
      source: "Node.js docs: new URL('https://測試') is https://xn--g6w251d/; python3 '測試'.encode('idna') == b'xn--g6w251d'",
      input: { url: "https://測試" },
      output: {
        href: "https://xn--g6w251d/",
        protocol: "https:",
        username: "",
        password: "",
        hostname: "xn--g6w251d",
        port: "",
        host: "xn--g6w251d",
        origin: "https://xn--g6w251d",
        pathname: "/",
        search: "",
        hash: "",
        searchParams: [],
      },
    },
  ],
  run: ({ url }: { url: string }) => {
    if (!URL.canParse(url)) return err(invalidField("url", "Not an absolute URL (a scheme such as https: is required)."));
    const parsed = new URL(url);
    const parts = Object.fromEntries(COMPONENTS.map((name) => [name, parsed[name]])) as Record<(typeof COMPONENTS)[number], string>;
    const searchParams = [...parsed.searchParams].map(([key, value]) => ({ key, value }));
    return ok<UrlParts>({ ...parts, searchParams });
  },
});
