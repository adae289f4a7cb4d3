import { loadCommandConfig } from "./file-command.ts";

const USAGE = `Usage:
  tool-api migrate    bring the PostgreSQL database of DATABASE_URL to this release's schema, and print its version
                      (the server, keys and import also migrate whenever they open the store; this runs it alone)`;

/** `tool-api migrate`: runs the schema migrations alone; 0 done, 1 refused or unreachable, 2 usage or configuration. */
export async function runMigrateCommand(argv: readonly string[], out = process.stdout, err = process.stderr): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    out.write(`${USAGE}\n`);
    return 0;
  }
  if (argv.length > 0) {
    err.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadCommandConfig(err);
  if (!config) return 2;
  if (!config.databaseUrl) {
    err.write("tool-api migrate needs DATABASE_URL (postgres://…): only the PostgreSQL store has a schema to migrate\n");
    return 2;
  }
  const { migrate } = await import("../storage/postgres/migrate.ts");
  try {
    const { from, to, applied } = await migrate(config.databaseUrl);
    out.write(applied.length === 0
      ? `Schema at version ${to}: nothing to migrate\n`
      : `Schema at version ${to} (was ${from}; applied ${applied.join(", ")})\n`);
    return 0;
  } catch (error) {
    err.write(`Cannot migrate: ${(error as Error).message}\n`);
    return 1;
  }
}

