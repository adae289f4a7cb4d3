import { parse, type ParseEntry } from "shell-quote";
import { invalidField, type DomainError } from "../../../domain/errors.ts";
import { err, ok, type Result } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { lazy } from "../lazy.ts";
import { FLAGS, QuotedText, type Service } from "./docker-run-flags.ts";

const loadYaml = lazy(() => import("yaml"));

interface Parsed {
  service: Service;
  name: string;
  warnings: string[];
}

const refuse = (message: string) => err(invalidField("command", message));

/**
 * The command is tokenised like a POSIX shell but never run: `$VAR` stays `${VAR}` (compose interpolates it the
 * same way), and any operator (&&, |, ;, >, $(…)) or backtick is refused rather than silently dropped.
 */
export const dockerRunToCompose = defineTool({
  id: "docker-run-to-compose",
  name: "Docker Run to Compose",
  category: "dev",
  description: "Translate a `docker run` command into a docker compose services document.",
  input: {
    type: "object",
    required: ["command"],
    additionalProperties: false,
    properties: { command: { type: "string", minLength: 1, maxLength: 4096, "x-tool-checks": "a docker run command line" } },
  },
  output: {
    type: "object",
    required: ["yaml", "warnings"],
    additionalProperties: false,
    properties: { yaml: { type: "string" }, warnings: { type: "array", items: { type: "string" } } },
  },
  examples: [
    {
      title: "Name, ports, environment, restart policy and a command",
      source: "Compose Specification (services: container_name, ports, environment, restart, command); hand-derived, PyYAML safe_load gives the intended mapping",
      input: { command: "docker run -d --name web -p 8080:80 -e TZ=UTC --restart unless-stopped nginx:1.25 nginx -g 'daemon off;'" },
      output: {
        yaml:
          "services:\n  web:\n    image: nginx:1.25\n    container_name: web\n    command:\n      - nginx\n      - -g\n      - daemon off;\n" +
          '    ports:\n      - "8080:80"\n    environment:\n      - TZ=UTC\n    restart: unless-stopped\n',
        warnings: [],
      },
    },
    {
      title: "Volumes, an interactive TTY, a quoted restart 'no' and an untranslated --rm",
      source: "Compose Specification (volumes, stdin_open, tty, restart); hand-derived, PyYAML safe_load keeps restart as the string 'no'",
      input: { command: "docker run --rm -it -v $PWD/data:/data --restart no alpine:3 sh" },
      output: {
        yaml:
          'services:\n  alpine:\n    image: alpine:3\n    command:\n      - sh\n    stdin_open: true\n    tty: true\n' +
          '    volumes:\n      - ${PWD}/data:/data\n    restart: "no"\n',
        warnings: ["--rm has no docker compose equivalent here"],
      },
    },
  ],
  run: async ({ command }: { command: string }) => {
    const tokens = tokenize(command);
    if (!tokens.ok) return tokens;
    const [docker, ...rest] = tokens.value;
    const args = rest[0] === "container" ? rest.slice(1) : rest;
    if (docker !== "docker" || args[0] !== "run") return refuse("The command must start with 'docker run'.");
    const parsed = readRun(args.slice(1));
    if (!parsed.ok) return parsed;
    const { service, name, warnings } = parsed.value;
    const { Scalar, stringify } = await loadYaml();
    // A Node the replacer returns is written as is: each QuotedText becomes a double-quoted scalar.
    const quotedScalars = (_key: unknown, value: unknown) => {
      if (!(value instanceof QuotedText)) return value;
      const scalar = new Scalar(value.text);
      scalar.type = Scalar.QUOTE_DOUBLE;
      return scalar;
    };
    try {
      const yaml = stringify({ services: { [name]: service } }, quotedScalars, { compat: "yaml-1.1", lineWidth: 0 });
      return ok({ yaml, warnings });
    } catch (error) {
      return refuse(`The service cannot be written as YAML: ${(error as Error).message}`);
    }
  },
});

function tokenize(command: string): Result<string[], DomainError> {
  // Backslash-newline is a line continuation in the shell; shell-quote would keep an empty word.
  const entries: ParseEntry[] = parse(command.replace(/\\\r?\n/g, " "), (name) => `\${${name}}`);
  const words: string[] = [];
  for (const entry of entries) {
    if (typeof entry === "string") {
      if (entry.includes("`")) return refuse("Command substitution with backticks is not allowed.");
      words.push(entry);
    } else if ("comment" in entry) break;
    else if (entry.op === "glob") words.push(entry.pattern);
    else return refuse(`The shell operator '${entry.op}' is not allowed: give one docker run command.`);
  }
  return ok(words);
}

function readRun(args: readonly string[]): Result<Parsed, DomainError> {
  const service: Service = {};
  const warnings: string[] = [];
  let index = 0;
  for (; index < args.length && args[index]?.startsWith("-") && args[index] !== "-"; index++) {
    const word = args[index] ?? "";
    if (word === "--") {
      index++;
      break;
    }
    const options = word.startsWith("--") ? [splitLong(word)] : splitShort(word);
    for (const [position, [flag, inline]] of options.entries()) {
      const spec = FLAGS.get(flag);
      if (!spec) {
        warnings.push(`${flag} is not a known docker run flag and was ignored`);
        continue;
      }
      let value = inline;
      if (spec.takesValue && value === undefined) {
        if (position < options.length - 1 || index + 1 >= args.length) return refuse(`${flag} needs a value.`);
        value = args[++index];
      }
      const warning = spec.apply(service, value ?? "");
      if (warning) warnings.push(`${flag}${spec.takesValue ? ` ${value}` : ""} ${warning}`);
    }
  }
  const [image, ...command] = args.slice(index);
  if (!image) return refuse("The command names no image.");
  return ok({ service: ordered(image, command, service), name: serviceName(service, image), warnings });
}

function splitLong(word: string): [string, string | undefined] {
  const equals = word.indexOf("=");
  return equals < 0 ? [word, undefined] : [word.slice(0, equals), word.slice(equals + 1)];
}

/** "-it" is "-i -t"; in "-p80:80" or "-dp 80:80" a flag that takes a value ends the cluster. */
function splitShort(word: string): [string, string | undefined][] {
  const options: [string, string | undefined][] = [];
  for (let position = 1; position < word.length; position++) {
    const flag = `-${word[position]}`;
    const rest = word.slice(position + 1).replace(/^=/, "");
    if (FLAGS.get(flag)?.takesValue && rest !== "") return [...options, [flag, rest]];
    options.push([flag, undefined]);
  }
  return options;
}

function ordered(image: string, command: readonly string[], service: Service): Service {
  const { container_name: containerName, entrypoint, ...rest } = service;
  return {
    image,
    ...(containerName === undefined ? {} : { container_name: containerName }),
    ...(entrypoint === undefined ? {} : { entrypoint }),
    ...(command.length === 0 ? {} : { command }),
    ...rest,
  };
}

/** The container name, else the image's last path segment without tag or digest, as a valid service name. */
function serviceName(service: Service, image: string): string {
  const base = typeof service.container_name === "string" ? service.container_name : (image.split("/").pop() ?? "");
  const name = base.split("@")[0]?.split(":")[0]?.toLowerCase().replace(/[^a-z0-9._-]/g, "-") ?? "";
  return /^[a-z0-9]/.test(name) ? name : "app";
}
