// Dredd hooks of the Dredd engine (CommonJS: the package is ESM, and Dredd require()s its hook files). They only
// set credentials, attach what the served document promises (the body schema, the required headers) and record
// each outcome; the engine (run-dredd.ts) writes the plan they read and passes the keys in the environment, so no
// secret is in Dredd's configuration or command line.
const { appendFileSync, readFileSync } = require("node:fs");
const hooks = require("hooks");

const plan = JSON.parse(readFileSync(required("TOOL_API_DREDD_PLAN"), "utf8"));
const credentials = {
  key: { "X-API-Key": required("TOOL_API_DREDD_API_KEY") },
  limited: { "X-API-Key": process.env.TOOL_API_DREDD_RATE_LIMITED_KEY || "" },
  none: {},
};

function required(name) {
  const value = process.env[name];
  if (!value) throw new Error(`the Dredd engine's hooks need ${name} (run them through tool-api conformance --engine dredd)`);
  return value;
}

function entryOf(transaction) {
  return plan[`${transaction.request.method} ${transaction.request.uri} ${transaction.expected.statusCode}`];
}

hooks.beforeEach((transaction) => {
  const entry = entryOf(transaction);
  if (!entry) {
    transaction.fail = `the engine planned no ${transaction.request.method} ${transaction.request.uri} → ${transaction.expected.statusCode}`;
    return;
  }
  for (const name of Object.keys(transaction.request.headers)) {
    if (/^(x-api-key|authorization)$/i.test(name)) delete transaction.request.headers[name];
  }
  Object.assign(transaction.request.headers, credentials[entry.credentials]);
  // Dredd's OpenAPI 3 parser keeps neither header schemas nor most of a body schema: the served document's go here.
  transaction.expected.bodySchema = entry.bodySchema;
  for (const name of entry.headers) if (!(name in transaction.expected.headers)) transaction.expected.headers[name] = "";
});

// Dredd treats any body containing U+FFFD as binary and hands it over base64-encoded; a JSON body may hold U+FFFD
// as a plain character, so it is turned back into the text the server sent.
hooks.beforeEachValidation((transaction) => {
  const real = transaction.real;
  if (real && real.bodyEncoding === "base64" && /json/i.test(String(real.headers["content-type"] || ""))) {
    real.body = Buffer.from(real.body, "base64").toString("utf8");
    real.bodyEncoding = "utf-8";
  }
});

// The engine's report (and its JUnit file) comes from these records, one JSON line per transaction.
hooks.afterEach((transaction) => {
  const file = process.env.TOOL_API_DREDD_OUTCOMES;
  if (!file) return;
  const test = transaction.test || {};
  const real = transaction.real;
  appendFileSync(
    file,
    `${JSON.stringify({
      method: transaction.request.method,
      uri: transaction.request.uri,
      expected: Number(transaction.expected.statusCode),
      status: transaction.skip ? "skip" : test.status || "error",
      message: String(test.message || (real ? "" : "the request got no answer")),
      errors: gavelErrors(transaction.results),
      actual: real ? { status: real.statusCode, body: String(real.body || "").slice(0, 300) } : null,
      ms: transaction.startedAt ? Date.now() - transaction.startedAt : 0,
    })}\n`,
  );
});

// What gavel (Dredd's validator) found, field by field in the order Dredd prints them, with where each one is: Dredd's
// own message loses the location of some (an extra property), and the engine words them (outcomes.ts).
function gavelErrors(results) {
  const fields = (results && results.fields) || {};
  return ["headers", "body", "statusCode"].flatMap((field) =>
    ((fields[field] && fields[field].errors) || []).map((error) => ({
      field,
      message: String(error.message),
      pointer: error.location && typeof error.location.pointer === "string" ? error.location.pointer : null,
    })),
  );
}
