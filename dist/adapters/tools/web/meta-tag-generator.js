import { ok } from "../../../domain/result.js";
import { defineTool } from "../../../domain/tool.js";
import { escapeHtml } from "./escape-html.js";
function collectTags({ title, description, url, image, siteName, type, twitterCard }) {
    const tags = [
        description !== undefined && { name: "description", content: description },
        { property: "og:title", content: title },
        description !== undefined && { property: "og:description", content: description },
        { property: "og:type", content: type },
        url !== undefined && { property: "og:url", content: url },
        image !== undefined && { property: "og:image", content: image },
        siteName !== undefined && { property: "og:site_name", content: siteName },
        { name: "twitter:card", content: twitterCard },
        { name: "twitter:title", content: title },
        description !== undefined && { name: "twitter:description", content: description },
        image !== undefined && { name: "twitter:image", content: image },
    ];
    return tags.filter((tag) => tag !== false);
}
function toElement(tag) {
    const [key, value] = "name" in tag ? ["name", tag.name] : ["property", tag.property];
    return `<meta ${key}="${escapeHtml(value)}" content="${escapeHtml(tag.content)}">`;
}
const TEXT = (maxLength) => ({ type: "string", maxLength });
const TAG_ITEM = {
    type: "object",
    additionalProperties: false,
    required: ["content"],
    properties: { name: { type: "string" }, property: { type: "string" }, content: { type: "string" } },
    oneOf: [
        { required: ["name"], properties: { name: { type: "string" } } },
        { required: ["property"], properties: { property: { type: "string" } } },
    ],
};
export const metaTagGenerator = defineTool({
    id: "meta-tag-generator",
    name: "Meta Tag Generator",
    category: "web",
    description: "Generate the HTML <title>, description, Open Graph and Twitter Card meta tags for a page; every value is HTML-escaped.",
    input: {
        type: "object",
        required: ["title"],
        additionalProperties: false,
        properties: {
            title: { type: "string", minLength: 1, maxLength: 1024 },
            description: TEXT(4096),
            url: TEXT(8192),
            image: TEXT(8192),
            siteName: TEXT(1024),
            type: { type: "string", minLength: 1, maxLength: 64, default: "website" },
            twitterCard: { type: "string", enum: ["summary", "summary_large_image"], default: "summary_large_image" },
        },
    },
    output: {
        type: "object",
        required: ["html", "tags"],
        additionalProperties: false,
        properties: { html: { type: "string" }, tags: { type: "array", items: TAG_ITEM } },
    },
    examples: [
        {
            title: "Title only",
            source: "Open Graph protocol (ogp.me) and Twitter Cards markup; expected string built with python3 html.escape",
            input: { title: "Hello", type: "website", twitterCard: "summary_large_image" },
            output: {
                html: '<title>Hello</title>\n<meta property="og:title" content="Hello">\n<meta property="og:type" content="website">\n' +
                    '<meta name="twitter:card" content="summary_large_image">\n<meta name="twitter:title" content="Hello">',
                tags: [
                    { property: "og:title", content: "Hello" },
                    { property: "og:type", content: "website" },
                    { name: "twitter:card", content: "summary_large_image" },
                    { name: "twitter:title", content: "Hello" },
                ],
            },
        },
        {
            title: "Every field, with characters that must be escaped",
            source: "expected html built with python3 html.escape(value, quote=True) for each value",
            input: {
                title: 'Tom & Jerry "<live>"',
                description: "It's <b>on</b>",
                url: "https://example.com/?a=1&b=2",
                image: "https://example.com/i.png",
                siteName: "Example",
                type: "article",
                twitterCard: "summary",
            },
            output: {
                html: [
                    "<title>Tom &amp; Jerry &quot;&lt;live&gt;&quot;</title>",
                    '<meta name="description" content="It&#x27;s &lt;b&gt;on&lt;/b&gt;">',
                    '<meta property="og:title" content="Tom &amp; Jerry &quot;&lt;live&gt;&quot;">',
                    '<meta property="og:description" content="It&#x27;s &lt;b&gt;on&lt;/b&gt;">',
                    '<meta property="og:type" content="article">',
                    '<meta property="og:url" content="https://example.com/?a=1&amp;b=2">',
                    '<meta property="og:image" content="https://example.com/i.png">',
                    '<meta property="og:site_name" content="Example">',
                    '<meta name="twitter:card" content="summary">',
                    '<meta name="twitter:title" content="Tom &amp; Jerry &quot;&lt;live&gt;&quot;">',
                    '<meta name="twitter:description" content="It&#x27;s &lt;b&gt;on&lt;/b&gt;">',
                    '<meta name="twitter:image" content="https://example.com/i.png">',
                ].join("\n"),
                tags: [
                    { name: "description", content: "It's <b>on</b>" },
                    { property: "og:title", content: 'Tom & Jerry "<live>"' },
                    { property: "og:description", content: "It's <b>on</b>" },
                    { property: "og:type", content: "article" },
                    { property: "og:url", content: "https://example.com/?a=1&b=2" },
                    { property: "og:image", content: "https://example.com/i.png" },
                    { property: "og:site_name", content: "Example" },
                    { name: "twitter:card", content: "summary" },
                    { name: "twitter:title", content: 'Tom & Jerry "<live>"' },
                    { name: "twitter:description", content: "It's <b>on</b>" },
                    { name: "twitter:image", content: "https://example.com/i.png" },
                ],
            },
        },
    ],
    run: (input) => {
        const tags = collectTags(input);
        const html = [`<title>${escapeHtml(input.title)}</title>`, ...tags.map(toElement)].join("\n");
        return ok({ html, tags });
    },
});
