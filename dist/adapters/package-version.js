import { readFileSync } from "node:fs";
/** This package's version, read from its package.json wherever the code runs from (sources or dist/). */
export function packageVersion() {
    for (let url = new URL("./package.json", import.meta.url);; url = new URL("../package.json", url)) {
        try {
            const manifest = JSON.parse(readFileSync(url, "utf8"));
            if (manifest.name === "tool-execution-api" && manifest.version)
                return manifest.version;
        }
        catch {
            // no package.json at this level: keep climbing
        }
        if (url.pathname === "/package.json")
            return "0.0.0";
    }
}
