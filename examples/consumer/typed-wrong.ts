// Must NOT compile: each call below is wrongly typed (the package test expects these errors).
import { createToolCore } from "tool-execution-api";

const core = await createToolCore({ env: "prod" });
await core.keys.create({ name: 42 });
await core.execute({ secret: "k", tool: "hash-text", input: {} });
