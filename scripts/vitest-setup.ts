// Property tests run the same cases on every machine: a failure in CI reproduces locally (FC_SEED overrides).
import fc from "fast-check";

fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 20_261_123) });
