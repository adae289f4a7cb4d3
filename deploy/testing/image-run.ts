// What the image's runtime stage holds, laid out here without a container engine: package.json, the lockfile, dist/
// and the production dependencies only (hard links of the packages `npm ls --omit=dev` names), node beside them, a
// writable DATA_DIR, run as the image's user id with the image's variables and command.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chmodSync, chownSync, copyFileSync, cpSync, linkSync, mkdirSync, mkdtempSync, realpathSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { ROOT } from "./dockerfile.ts";

/** The uid and gid of the official node image's `node` user. */
export const IMAGE_USER_ID = 1000;

export interface ImageStage {
  readonly app: string;
  readonly data: string;
  readonly node: string;
  /** The ids commands run as: the image's user when this process may switch to it (root), else this process's own. */
  readonly ids: { readonly uid: number; readonly gid: number } | undefined;
  remove(): void;
}

/** Lays out the runtime stage's /app, a /data and node in a fresh temporary folder that the image's user can reach. */
export function stageImage(): ImageStage {
  const root = process.getuid?.() === 0;
  const ids = root ? { uid: IMAGE_USER_ID, gid: IMAGE_USER_ID } : undefined;
  const base = mkdtempSync(join(stageParent(ids), "image-"));
  chmodSync(base, 0o755);
  const app = join(base, "app");
  const data = join(base, "data");
  mkdirSync(app);
  mkdirSync(data);
  for (const file of ["package.json", "package-lock.json"]) copyFileSync(join(ROOT, file), join(app, file));
  cpSync(join(ROOT, "dist"), join(app, "dist"), { recursive: true });
  linkProductionDependencies(join(app, "node_modules"));
  const node = join(base, "bin", "node");
  mkdirSync(dirname(node));
  linkOrCopy(realpathSync(process.execPath), node);
  if (ids) chownSync(data, ids.uid, ids.gid);
  return { app, data, node, ids, remove: () => rmSync(base, { recursive: true, force: true }) };
}

/**
 * Where to stage: TMPDIR, unless the user the stage runs as may not walk into it (a TMPDIR of mode 0700 owned by root),
 * then the first of /tmp and /var/tmp that it may. Staged there, every file the image's user is handed is reachable.
 */
function stageParent(ids: ImageStage["ids"]): string {
  const candidates = [tmpdir(), "/tmp", "/var/tmp"];
  if (!ids) return candidates[0];
  const reachable = candidates.find((dir) => isSearchableBy(dir, ids));
  if (!reachable) throw new Error(`no temporary folder the image's user (uid ${ids.uid}) may enter: ${candidates.join(", ")}`);
  return reachable;
}

/** Whether `ids` may search (x) every folder from / down to `dir`: the owner's, the group's or the others' bit, as applies. */
function isSearchableBy(dir: string, ids: { uid: number; gid: number }): boolean {
  let path: string;
  try {
    path = realpathSync(dir);
  } catch {
    return false;
  }
  for (let at = path; ; at = dirname(at)) {
    const { mode, uid, gid } = statSync(at);
    const bit = uid === ids.uid ? 0o100 : gid === ids.gid ? 0o010 : 0o001;
    if ((mode & bit) === 0) return false;
    if (at === dirname(at)) return true;
  }
}

/** The top-level package folders of the production dependency tree (nested ones travel inside their parent). */
export function productionPackages(): string[] {
  const listed = execFileSync("npm", ["ls", "--omit=dev", "--all", "--parseable"], { cwd: ROOT, encoding: "utf8", maxBuffer: 16 << 20 });
  const top = join(ROOT, "node_modules");
  return [...new Set(listed.split("\n").filter((path) => path.startsWith(`${top}/`)).map((path) => relative(top, path))
    .filter((path) => !path.includes("/node_modules/")))].sort();
}

function linkProductionDependencies(target: string): void {
  const byParent = new Map<string, string[]>();
  for (const name of productionPackages()) {
    const parent = name.startsWith("@") ? join(target, name.split("/")[0]) : target;
    byParent.set(parent, [...(byParent.get(parent) ?? []), join(ROOT, "node_modules", name)]);
  }
  for (const [parent, sources] of byParent) {
    mkdirSync(parent, { recursive: true });
    // Hard links: the same files at no copy cost, and a package resolves its own imports from here, not from ROOT.
    execFileSync("cp", ["-al", ...sources, parent]);
  }
}

function linkOrCopy(source: string, target: string): void {
  try {
    linkSync(source, target);
  } catch {
    copyFileSync(source, target);
    chmodSync(target, 0o755);
  }
}

/** One command of the image (its argv[0] "node" meaning the staged node), with exactly the image's variables. */
export function spawnInImage(stage: ImageStage, argv: readonly string[], env: Record<string, string>): ChildProcess {
  const [command, ...args] = argv;
  // The image's PATH puts node first; nothing else of this machine's environment goes in.
  const path = `${dirname(stage.node)}:/usr/local/bin:/usr/bin:/bin`;
  return spawn(command === "node" ? stage.node : command, args, {
    cwd: stage.app, env: { PATH: path, HOME: stage.data, ...env }, stdio: ["ignore", "pipe", "pipe"], ...stage.ids,
  });
}

/** Runs one command of the image to its end: exit code and output. */
export function runInImage(stage: ImageStage, argv: readonly string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawnInImage(stage, argv, env);
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk));
  return new Promise((resolve) => child.once("close", (code) => resolve({ code, output })));
}
