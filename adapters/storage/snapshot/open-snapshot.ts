import type { Config } from "../../config.ts";
import { backendFor } from "../backends.ts";
import type { SnapshotSource } from "./export-format.ts";

/** The read side of `tool-api export` for the configured store, chosen as openStorage chooses it (backends.ts). */
export function openSnapshotSource(config: Config): Promise<SnapshotSource> {
  return backendFor(config).openSnapshot(config);
}
