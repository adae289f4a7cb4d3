import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";

const BYTES_PER_UNIT = {
  B: 1,
  kB: 1e3,
  MB: 1e6,
  GB: 1e9,
  TB: 1e12,
  PB: 1e15,
  KiB: 2 ** 10,
  MiB: 2 ** 20,
  GiB: 2 ** 30,
  TiB: 2 ** 40,
  PiB: 2 ** 50,
} as const;
type DataUnit = keyof typeof BYTES_PER_UNIT;
const UNITS = Object.keys(BYTES_PER_UNIT) as DataUnit[];

/** Plain IEEE-754 arithmetic (value × bytes-per-unit ÷ bytes-per-unit), unrounded: 1 PiB is 1125899906842624 bytes. */
export const dataSizeConverter = defineTool({
  id: "data-size-converter",
  name: "Data Size Converter",
  category: "conversion",
  description: "Convert a data size between SI (kB, MB…) and IEC (KiB, MiB…) units.",
  input: {
    type: "object",
    required: ["value", "unit"],
    additionalProperties: false,
    properties: {
      value: { type: "number", minimum: 0, "x-tool-checks": "finite once converted" },
      unit: { type: "string", enum: UNITS },
    },
  },
  output: {
    type: "object",
    required: ["bytes", ...UNITS.filter((unit) => unit !== "B")],
    additionalProperties: false,
    properties: Object.fromEntries(["bytes", ...UNITS.filter((unit) => unit !== "B")].map((name) => [name, { type: "number" }])),
  },
  examples: [
    {
      title: "One gibibyte",
      source: "IEC 80000-13 prefixes (Gi = 2^30, M = 10^6); python3: 2**30 / 10**6 etc. with float division",
      input: { value: 1, unit: "GiB" },
      output: {
        bytes: 1073741824, kB: 1073741.824, MB: 1073.741824, GB: 1.073741824, TB: 0.001073741824, PB: 1.073741824e-6,
        KiB: 1048576, MiB: 1024, GiB: 1, TiB: 0.0009765625, PiB: 9.5367431640625e-7,
      },
    },
    {
      title: "A 500 GB disk in binary units",
      source: "IEC 80000-13 prefixes; python3: 500e9 / 2**30 == 465.66128730773926 etc.",
      input: { value: 500, unit: "GB" },
      output: {
        bytes: 500000000000, kB: 500000000, MB: 500000, GB: 500, TB: 0.5, PB: 0.0005,
        KiB: 488281250, MiB: 476837.158203125, GiB: 465.66128730773926, TiB: 0.4547473508864641, PiB: 0.0004440892098500626,
      },
    },
  ],
  run: ({ value, unit }: { value: number; unit: DataUnit }) => {
    const bytes = value * BYTES_PER_UNIT[unit];
    if (!Number.isFinite(bytes)) return err(invalidField("value", "The size is too large to convert."));
    const sizes = Object.fromEntries(UNITS.filter((name) => name !== "B").map((name) => [name, bytes / BYTES_PER_UNIT[name]]));
    return ok({ bytes, ...sizes } as Record<"bytes" | Exclude<DataUnit, "B">, number>);
  },
});
