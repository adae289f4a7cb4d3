import { isRecord } from "../adapters/http/openapi/json-schema-to-openapi.js";
const METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);
function operations(document) {
    const out = new Set();
    for (const [path, item] of Object.entries(document.paths)) {
        for (const method of Object.keys(item ?? {}))
            if (METHODS.has(method))
                out.add(`${method.toUpperCase()} ${path}`);
    }
    return out;
}
function schemas(document) {
    const components = isRecord(document.components) ? document.components : {};
    return isRecord(components.schemas) ? components.schemas : {};
}
/** Operations added or removed, and component schemas added, removed or changed (compared as canonical JSON). */
export function driftOf(served, local) {
    const [servedOps, localOps] = [operations(served), operations(local)];
    const [servedSchemas, localSchemas] = [schemas(served), schemas(local)];
    const canonical = (value) => JSON.stringify(value, (_key, member) => (isRecord(member) ? Object.fromEntries(Object.entries(member).sort(([a], [b]) => a.localeCompare(b))) : member));
    return {
        added: [...servedOps].filter((op) => !localOps.has(op)).sort(),
        removed: [...localOps].filter((op) => !servedOps.has(op)).sort(),
        addedSchemas: Object.keys(servedSchemas).filter((name) => !(name in localSchemas)).sort(),
        removedSchemas: Object.keys(localSchemas).filter((name) => !(name in servedSchemas)).sort(),
        changedSchemas: Object.keys(servedSchemas).filter((name) => name in localSchemas && canonical(servedSchemas[name]) !== canonical(localSchemas[name])).sort(),
    };
}
export function hasDrift(drift) {
    return Object.values(drift).some((list) => list.length > 0);
}
/** The drift section of the summary. */
export function formatDrift(drift) {
    if (!hasDrift(drift))
        return ["drift: none (the served document matches this checkout's)"];
    const section = (label, list) => (list.length > 0 ? [`  ${label} (${list.length}): ${list.slice(0, 20).join(", ")}${list.length > 20 ? ", …" : ""}`] : []);
    return [
        "drift: the served document differs from this checkout's",
        ...section("operations added", drift.added),
        ...section("operations removed", drift.removed),
        ...section("schemas added", drift.addedSchemas),
        ...section("schemas removed", drift.removedSchemas),
        ...section("schemas changed", drift.changedSchemas),
    ];
}
