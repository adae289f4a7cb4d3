import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DockerfileParser, Env, Healthcheck, type Instruction } from "dockerfile-ast";

export const ROOT = join(import.meta.dirname, "..", "..");

/** The root Dockerfile, read as the image builder reads it: its stages, and the runtime stage's settings. */
export interface ImageRecipe {
  readonly text: string;
  /** `ARG` values declared before the first FROM. */
  readonly args: Readonly<Record<string, string>>;
  /** One entry per FROM: the image reference with ARGs substituted, and the instructions of that stage. */
  readonly stages: readonly { readonly image: string; readonly name: string | undefined; readonly instructions: readonly Instruction[] }[];
  /** The last stage's ENV, in order. */
  readonly env: Readonly<Record<string, string>>;
  readonly workdir: string;
  readonly user: string | undefined;
  readonly cmd: readonly string[];
  readonly healthcheck: { readonly flags: Readonly<Record<string, string>>; readonly cmd: readonly string[] } | undefined;
  /** The last stage's instructions: keyword, arguments (flags apart) and the instruction's first line as written. */
  readonly runtime: readonly { readonly keyword: string; readonly content: string; readonly line: string }[];
}

export function readImageRecipe(path = join(ROOT, "Dockerfile")): ImageRecipe {
  const text = readFileSync(path, "utf8");
  const dockerfile = DockerfileParser.parse(text);
  const lines = text.split("\n");
  const all = dockerfile.getInstructions();
  const froms = dockerfile.getFROMs();
  const args = Object.fromEntries(
    dockerfile.getARGs().filter((arg) => arg.getRange().start.line < froms[0].getRange().start.line)
      .flatMap((arg) => arg.getProperties().map((property) => [property.getName(), property.getValue() ?? ""])),
  );
  const substitute = (value: string) => value.replace(/\$\{(\w+)\}|\$(\w+)/g, (_all, braced, bare) => args[braced ?? bare] ?? "");
  const stages = froms.map((from, index) => ({
    image: substitute(from.getArguments()[0].getValue()),
    name: from.getBuildStage() ?? undefined,
    instructions: all.filter((instruction) => {
      const line = instruction.getRange().start.line;
      return line > from.getRange().start.line && (index + 1 === froms.length || line < froms[index + 1].getRange().start.line);
    }),
  }));
  const runtime = stages[stages.length - 1].instructions;
  const last = (keyword: string) => runtime.filter((instruction) => instruction.getKeyword() === keyword).at(-1);
  const env = Object.fromEntries(runtime.filter((instruction) => instruction instanceof Env)
    .flatMap((instruction) => instruction.getProperties()).map((property) => [property.getName(), property.getValue() ?? ""]));
  const health = runtime.filter((instruction) => instruction instanceof Healthcheck).at(-1);
  return {
    text,
    args,
    stages,
    env,
    workdir: last("WORKDIR")?.getArgumentsContent() ?? "/",
    user: last("USER")?.getArgumentsContent() ?? undefined,
    cmd: JSON.parse(last("CMD")?.getArgumentsContent() ?? "[]"),
    healthcheck: health && {
      flags: Object.fromEntries(health.getFlags().map((flag) => [flag.getName(), flag.getValue() ?? ""])),
      cmd: JSON.parse((health.getArgumentsContent() ?? "").replace(/^CMD\s+/, "")),
    },
    runtime: runtime.map((instruction) => ({
      keyword: instruction.getKeyword(), content: instruction.getArgumentsContent() ?? "", line: lines[instruction.getRange().start.line],
    })),
  };
}

/** The Node versions .ci/run installs and tests on, from its pins (NODE_24=…, NODE_22=…). */
export function readCiNodePins(): Readonly<Record<string, string>> {
  const script = readFileSync(join(ROOT, ".ci", "run"), "utf8");
  return Object.fromEntries([...script.matchAll(/^(NODE_\d+)=(\d+\.\d+\.\d+)$/gm)].map((match) => [match[1], match[2]]));
}
