// Type-checks each of several files as its own program, as `tsc <flags> <file>` would one at a time, with the
// TypeScript 5.x package at argv[2], in one process: the files every program reads (lib, @types/node, the package's
// declarations) are parsed once and shared, as tsserver shares them between projects. A TypeScript 5.9 CLI run spends
// most of its seconds parsing those again. Prints one JSON object: { [file]: { ok, output } }, `output` as the CLI
// prints its diagnostics when not on a terminal, `ok` as its exit code 0.
// Usage (in the consumer project's directory): node compile-each.mjs <typescript package dir> '<JSON flags>' file…
import { createRequire } from "node:module";
import { join } from "node:path";

const [typescriptDir, flagsJson, ...files] = process.argv.slice(2);
const ts = createRequire(import.meta.url)(join(typescriptDir, "lib", "typescript.js"));
const { options, errors } = ts.parseCommandLine(JSON.parse(flagsJson));
if (errors.length > 0) throw new Error(ts.formatDiagnostics(errors, ts.createCompilerHost({})));
if (!options.noEmit) throw new Error("compile-each checks only: pass --noEmit");

const host = ts.createCompilerHost(options);
// What the CLI sets (its defaultJSDocParsingMode): JSDoc is parsed only where it can raise a type error.
host.jsDocParsingMode = ts.JSDocParsingMode.ParseForTypeErrors;
const parsed = new Map();
const readSourceFile = host.getSourceFile.bind(host);
host.getSourceFile = (fileName, languageVersionOrOptions, ...rest) => {
  const key = `${fileName}\0${JSON.stringify(languageVersionOrOptions)}`;
  if (!parsed.has(key)) parsed.set(key, readSourceFile(fileName, languageVersionOrOptions, ...rest));
  return parsed.get(key);
};
const formatHost = { getCurrentDirectory: () => ts.sys.getCurrentDirectory(), getNewLine: () => ts.sys.newLine, getCanonicalFileName: (name) => name };

/** The diagnostics the CLI reports for a program, in its order (its emitFilesAndReportErrors, with noEmit). */
function diagnosticsOf(program) {
  const found = [...program.getSyntacticDiagnostics()];
  if (found.length === 0) {
    found.push(...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics());
    if (found.length === 0) found.push(...program.getSemanticDiagnostics());
    if (found.length === 0 && (options.declaration || options.composite)) found.push(...program.getDeclarationDiagnostics());
  }
  found.push(...program.emit().diagnostics);
  return ts.sortAndDeduplicateDiagnostics(found);
}

const results = {};
for (const file of files) {
  const diagnostics = diagnosticsOf(ts.createProgram({ rootNames: [file], options, host }));
  results[file] = { ok: diagnostics.length === 0, output: diagnostics.map((diagnostic) => ts.formatDiagnostic(diagnostic, formatHost)).join("") };
}
process.stdout.write(JSON.stringify(results));
