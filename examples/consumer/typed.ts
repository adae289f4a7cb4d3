// Compiled by the package test in a consumer project (strict, nodenext) against the shipped declarations.
import { createToolCore, defineTool, ok, type ToolCore } from "tool-execution-api";
import { createApp } from "tool-execution-api/http";
import { tools } from "tool-execution-api/tools";

const shout = defineTool({
  id: "shout", name: "Shout", category: "my-team", description: "Upper-cases a text.",
  input: { type: "object", required: ["text"], additionalProperties: false, properties: { text: { type: "string" } } },
  output: { type: "object", required: ["text"], additionalProperties: false, properties: { text: { type: "string" } } },
  examples: [{ title: "hi", input: { text: "hi" }, output: { text: "HI" } }],
  run: ({ text }: { text: string }) => ok({ text: text.toUpperCase() }),
});

const core: ToolCore = await createToolCore({ tools: [...tools, shout], env: "staging", defaultLimit: { limit: 10, windowSeconds: 60 } });
const answer = await core.execute({ secret: undefined, toolId: "shout", input: { text: "hi" } });
const status: number = answer.status;
const app = createApp(core);
const response: Response = await app.fetch(new Request("http://localhost/api/v1/health"));
console.log(status, response.status);
