// A pack whose tool never ends: proves the time cap and isolation hold for pack tools (plain JS, as an npm pack ships).
const ok = (value) => ({ ok: true, value });

export default {
  id: "looping",
  name: "Looping pack",
  version: "0.0.1",
  description: "Test fixture: one tool that loops forever.",
  tools: [{
    id: "spin", name: "Spin", category: "test", description: "Loops forever.", clientOnly: false, worker: true, timeoutMs: 1000,
    input: { type: "object", additionalProperties: false, properties: {} },
    output: { type: "object" },
    examples: [{ title: "never ends", input: {} }],
    run: () => { for (;;) { /* spin */ } return ok({}); },
  }],
};
