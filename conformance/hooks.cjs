// Dredd hooks (CommonJS: the package is ESM). They only choose transactions, set credentials and attach the body
// schema; run-dredd.ts puts the cases and the keys on the global object below for the length of one run, so no
// secret ever sits in Dredd's configuration or logs.
const hooks = require("hooks");

const CONTEXT = Symbol.for("tool-api.conformance");

hooks.beforeEach((transaction) => {
  const context = globalThis[CONTEXT];
  const id = new URL(transaction.request.uri, "http://conformance.invalid").searchParams.get("case");
  const testCase = context && id ? context.cases[id] : undefined;
  if (!testCase) {
    transaction.fail = `no conformance case for ${transaction.request.uri}`;
    return;
  }
  if (testCase.skip) {
    transaction.skip = true;
    return;
  }
  Object.assign(transaction.request.headers, context.headers[testCase.auth]);
  // Without a schema Dredd compares only the keys of an example body; this checks types and exact values.
  transaction.expected.bodySchema = testCase.bodySchema;
});

// Dredd treats any body containing U+FFFD as binary and hands it over base64-encoded; a JSON body may hold U+FFFD
// as a plain character (html-entities-decode's output), so it is turned back into the text the server sent.
hooks.beforeEachValidation((transaction) => {
  const real = transaction.real;
  if (real && real.bodyEncoding === "base64" && /json/i.test(String(real.headers["content-type"] || ""))) {
    real.body = Buffer.from(real.body, "base64").toString("utf8");
    real.bodyEncoding = "utf-8";
  }
});
