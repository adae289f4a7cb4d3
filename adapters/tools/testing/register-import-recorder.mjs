// Loaded with `node --import tsx --import <this file>`: records every ESM resolution into $IMPORT_LOG.
import { register } from "node:module";

register("./record-imports.mjs", import.meta.url, { data: { logFile: process.env.IMPORT_LOG } });
