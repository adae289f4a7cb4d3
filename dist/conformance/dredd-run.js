import { EventEmitter } from "node:events";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { caseIdOf } from "./dredd-document.js";
const require = createRequire(import.meta.url);
const HERE = dirname(fileURLToPath(import.meta.url));
/** Runs Dredd in this process on a transaction document against `endpoint`; the hooks come from dredd.yml. */
export async function runDredd(documentFile, endpoint) {
    const Dredd = require("dredd");
    const base = parse(readFileSync(join(HERE, "dredd.yml"), "utf8"));
    const emitter = new EventEmitter();
    const outcomes = [];
    const record = (status) => (test) => outcomes.push({ caseId: caseIdOf(uriOf(test.title)), status, message: status === "fail" ? withActual(test) : "" });
    emitter.on("test pass", record("pass"));
    emitter.on("test fail", record("fail"));
    emitter.on("test skip", record("skip"));
    emitter.on("test error", (error, test) => outcomes.push({ caseId: caseIdOf(uriOf(test.title)), status: "error", message: error.message }));
    const config = {
        ...base,
        hookfiles: [join(HERE, String(base.hookfiles))],
        path: [documentFile],
        endpoint,
        emitter,
        custom: { cwd: HERE },
    };
    // Dredd's CLI reporter prints requests (and so credentials) on failure: this runner reports instead.
    const reporter = require("dredd/build/reporters/reporterOutputLogger").default;
    const console = reporter.transports.console;
    const wasSilent = console?.silent;
    if (console)
        console.silent = true;
    try {
        const dredd = new Dredd(config);
        hideParsedDescriptions(dredd);
        await new Promise((resolve, reject) => dredd.run((error) => (error ? reject(error) : resolve())));
    }
    finally {
        if (console)
            console.silent = wasSilent;
    }
    return outcomes;
}
/**
 * Dredd stores the parsed document (a large element tree) in its configuration and, before loading hook files,
 * deep-clones that configuration for the hooks: 20 s of a 60 s run here. A non-enumerable property keeps the tree
 * where Dredd reads it but out of the clone; the hooks never use it.
 */
function hideParsedDescriptions(dredd) {
    let stored = dredd.configuration.apiDescriptions;
    Object.defineProperty(dredd.configuration, "apiDescriptions", {
        enumerable: false,
        configurable: true,
        get: () => stored,
        set: (value) => {
            stored = value;
        },
    });
}
/** Gavel's findings, then what the server actually answered (bodies are the server's, never the request's). */
function withActual(test) {
    const body = test.actual?.body ?? "";
    const shown = body.length > 400 ? `${body.slice(0, 400)}…` : body;
    return `${test.message ?? ""}\ngot ${test.actual?.statusCode ?? "no answer"}: ${shown}`;
}
/** Dredd titles a test "METHOD (STATUS) URI". */
function uriOf(title) {
    return title.slice(title.indexOf(" ", title.indexOf(")")) + 1);
}
