// Compiled by the package test in a project that installed only the tarball and TypeScript: strict, nodenext,
// skipLibCheck off, no @types/node. Every declaration the core's entry reaches is type-checked here.
import { createToolCore, defineTool, ERRORS, ok, type Answer, type ToolCore } from "tool-execution-api";

const shout = defineTool({
  id: "shout", name: "Shout", category: "my-team", description: "Upper-cases a text.",
  input: { type: "object", required: ["text"], additionalProperties: false, properties: { text: { type: "string" } } },
  output: { type: "object", required: ["text"], additionalProperties: false, properties: { text: { type: "string" } } },
  examples: [{ title: "hi", input: { text: "hi" }, output: { text: "HI" } }],
  run: ({ text }: { text: string }) => ok({ text: text.toUpperCase() }),
});

const core: ToolCore = await createToolCore({ tools: [shout], env: "staging", defaultLimit: { limit: 10, windowSeconds: 60 } });
const { secret } = await core.keys.create({ name: "billing-service", limit: 100, windowSeconds: 60 });
const answer: Answer = await core.execute({ secret, toolId: "shout", input: { text: "hi" } });
const refused: boolean = answer.status === ERRORS.unauthorized.status;
console.log(answer.status, refused, core.tools.list().length);
await core.close();
