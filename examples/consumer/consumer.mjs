// A project that installed the tarball, with plain node: the core, the catalog, a tool of its own, the reference app.
import { createToolCore, defineTool, ERRORS, ok } from "tool-execution-api";
import { tools } from "tool-execution-api/tools";

const reverseWords = defineTool({
  id: "reverse-words",
  name: "Reverse Words",
  category: "text",
  description: "Reverses the order of the words of a text.",
  input: { type: "object", required: ["text"], additionalProperties: false, properties: { text: { type: "string", maxLength: 10000 } } },
  output: { type: "object", required: ["text"], additionalProperties: false, properties: { text: { type: "string" } } },
  examples: [{ title: "Two words", input: { text: "hello world" }, output: { text: "world hello" } }],
  run: ({ text }) => ok({ text: text.split(/\s+/).reverse().join(" ") }),
});

const core = await createToolCore({ tools: [...tools, reverseWords] });
// A day's window: windows are fixed and aligned to the clock, and a minute's could end between the calls below.
const { secret } = await core.keys.create({ name: "consumer", limit: 2, windowSeconds: 86_400 });
const hash = { algorithm: "sha256", text: "abc" };
const answers = {
  ok: await core.execute({ secret, toolId: "hash-text", input: hash }),
  invalid: await core.execute({ secret, toolId: "hash-text", input: { algorithm: "md4" } }),
  limited: await core.execute({ secret, toolId: "hash-text", input: hash }),
  unauthorized: await core.execute({ secret: "tk_dev_nope", toolId: "hash-text", input: hash }),
  notFound: await core.execute({ secret: (await core.keys.create({ name: "other" })).secret, toolId: "no-such-tool", input: {} }),
  custom: await core.execute({ secret: (await core.keys.create({ name: "third" })).secret, toolId: "reverse-words", input: { text: "a b c" } }),
};
const listed = core.tools.list().some((tool) => tool.id === "reverse-words");
process.stdout.write(`${JSON.stringify({ answers, listed, statusOfRateLimited: ERRORS.rate_limited.status })}\n`);
await core.close();
