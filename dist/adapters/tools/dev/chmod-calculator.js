import { ok } from "../../../domain/result.js";
import { defineTool } from "../../../domain/tool.js";
const SYMBOLIC = /^[-dlbcps]?([r-][w-][xsS-][r-][w-][xsS-][r-][w-][xtT-])$/;
const CLASSES = ["owner", "group", "others"];
// Per class: the special bit sharing its execute column, and the letters ls prints with/without execute.
const SPECIAL = [
    { bit: 0o4000, withExecute: "s", without: "S" },
    { bit: 0o2000, withExecute: "s", without: "S" },
    { bit: 0o1000, withExecute: "t", without: "T" },
];
const accessSchema = {
    type: "object",
    required: ["read", "write", "execute"],
    additionalProperties: false,
    properties: { read: { type: "boolean" }, write: { type: "boolean" }, execute: { type: "boolean" } },
};
/** Accepts octal ("755", "4755") or the symbolic form `ls -l` prints, with or without the file-type letter. */
export const chmodCalculator = defineTool({
    id: "chmod-calculator",
    name: "Chmod Calculator",
    category: "dev",
    description: "Convert Unix permissions between octal and symbolic notation.",
    input: {
        type: "object",
        required: ["permissions"],
        additionalProperties: false,
        properties: {
            permissions: { type: "string", maxLength: 10, pattern: `^(?:[0-7]{3,4}|${SYMBOLIC.source.slice(1, -1)})$` },
        },
    },
    output: {
        type: "object",
        required: ["octal", "symbolic", "command", "owner", "group", "others", "special"],
        additionalProperties: false,
        properties: {
            octal: { type: "string", pattern: "^[0-7]{3,4}$" },
            symbolic: { type: "string" },
            command: { type: "string" },
            owner: accessSchema,
            group: accessSchema,
            others: accessSchema,
            special: {
                type: "object",
                required: ["setuid", "setgid", "sticky"],
                additionalProperties: false,
                properties: { setuid: { type: "boolean" }, setgid: { type: "boolean" }, sticky: { type: "boolean" } },
            },
        },
    },
    examples: [
        {
            title: "755 (rwxr-xr-x)",
            source: "python3 stat.filemode(0o100755)[1:] == 'rwxr-xr-x'",
            input: { permissions: "755" },
            output: {
                octal: "755",
                symbolic: "rwxr-xr-x",
                command: "chmod 755",
                owner: { read: true, write: true, execute: true },
                group: { read: true, write: false, execute: true },
                others: { read: true, write: false, execute: true },
                special: { setuid: false, setgid: false, sticky: false },
            },
        },
        {
            title: "Setuid and sticky bits from symbolic notation",
            source: "python3 stat.filemode(0o105754)[1:] == 'rwsr-xr-T'",
            input: { permissions: "rwsr-xr-T" },
            output: {
                octal: "5754",
                symbolic: "rwsr-xr-T",
                command: "chmod 5754",
                owner: { read: true, write: true, execute: true },
                group: { read: true, write: false, execute: true },
                others: { read: true, write: false, execute: false },
                special: { setuid: true, setgid: false, sticky: true },
            },
        },
        {
            title: "A directory listing with the type letter",
            source: "python3 stat.filemode(0o040640) == 'drw-r-----'",
            input: { permissions: "drw-r-----" },
            output: {
                octal: "640",
                symbolic: "rw-r-----",
                command: "chmod 640",
                owner: { read: true, write: true, execute: false },
                group: { read: true, write: false, execute: false },
                others: { read: false, write: false, execute: false },
                special: { setuid: false, setgid: false, sticky: false },
            },
        },
    ],
    run: ({ permissions }) => {
        const mode = /^[0-7]+$/.test(permissions) ? Number.parseInt(permissions, 8) : fromSymbolic(permissions);
        const octal = mode.toString(8).padStart(mode & 0o7000 ? 4 : 3, "0");
        return ok({
            octal,
            symbolic: toSymbolic(mode),
            command: `chmod ${octal}`,
            owner: access(mode, 0),
            group: access(mode, 1),
            others: access(mode, 2),
            special: { setuid: Boolean(mode & 0o4000), setgid: Boolean(mode & 0o2000), sticky: Boolean(mode & 0o1000) },
        });
    },
});
function access(mode, classIndex) {
    const bits = (mode >> (6 - 3 * classIndex)) & 0o7;
    return { read: Boolean(bits & 4), write: Boolean(bits & 2), execute: Boolean(bits & 1) };
}
function toSymbolic(mode) {
    return CLASSES.map((_, index) => {
        const { read, write, execute } = access(mode, index);
        const special = SPECIAL[index];
        const hasSpecial = special !== undefined && (mode & special.bit) !== 0;
        const executeLetter = hasSpecial ? (execute ? special.withExecute : special.without) : execute ? "x" : "-";
        return `${read ? "r" : "-"}${write ? "w" : "-"}${executeLetter}`;
    }).join("");
}
function fromSymbolic(permissions) {
    const letters = SYMBOLIC.exec(permissions)?.[1] ?? "";
    let mode = 0;
    for (const [index, letter] of [...letters].entries()) {
        const classIndex = Math.floor(index / 3);
        if (letter !== "-" && letter !== "S" && letter !== "T")
            mode |= 1 << (8 - index);
        if ("sStT".includes(letter))
            mode |= SPECIAL[classIndex]?.bit ?? 0;
    }
    return mode;
}
