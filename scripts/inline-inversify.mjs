// Build step after tsc: dist/adapters/container.js, the one module that loads inversify, gets inversify inlined.
// inversify 8 is 225 ES modules (@inversifyjs/core alone 177), and Node 20 spends ≈ 150 ms of a server's start
// resolving and compiling them one by one; as one module it loads in ≈ 20 ms. Everything else container.js imports
// (our modules, reflect-metadata, which must stay one global registry) is left as it was written.
import { build } from "esbuild";

const CONTAINER = "dist/adapters/container.js";
const INLINED = /^(inversify|@inversifyjs\/[^/]+)(\/|$)/;

await build({
  entryPoints: [CONTAINER],
  outfile: CONTAINER,
  allowOverwrite: true,
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20",
  logLevel: "warning",
  banner: { js: "// inversify and its @inversifyjs packages (MIT) are inlined below by scripts/inline-inversify.mjs." },
  plugins: [{
    name: "inline-only-inversify",
    setup(builder) {
      builder.onResolve({ filter: /.*/ }, ({ path, importer, kind }) => {
        if (kind === "entry-point" || INLINED.test(path)) return undefined;
        // Inside an inlined package, its own relative files come along; any other package stays an import.
        if (importer.includes("/node_modules/") && path.startsWith(".")) return undefined;
        return { path, external: true };
      });
    },
  }],
});
