import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { FIGLET_FONTS, type FigletFont } from "./figlet-fonts.ts";

type Figlet = (typeof import("figlet/browser"))["default"];

// figlet ships 21 MB of fonts: load the renderer and each font on first use only. The browser build reads no
// files; fonts come in as the package's importable-fonts modules, named by the schema's enum (no path input).
let figletModule: Figlet | undefined;
const parsedFonts = new Set<FigletFont>();
const MODULE_NAMES: Partial<Record<FigletFont, string>> = { Tmplr: "tmplr" };

async function loadFont(font: FigletFont): Promise<Figlet> {
  figletModule ??= (await import("figlet/browser")).default;
  if (!parsedFonts.has(font)) {
    const { default: data } = (await import(`figlet/importable-fonts/${MODULE_NAMES[font] ?? font}.js`)) as { default: string };
    figletModule.parseFont(font, data);
    parsedFonts.add(font);
  }
  return figletModule;
}

export const asciiArtText = defineTool({
  id: "ascii-art-text",
  name: "ASCII Art Text",
  category: "text",
  description: "Render printable ASCII text as a FIGlet banner in one of figlet's 332 fonts.",
  input: {
    type: "object",
    required: ["text"],
    additionalProperties: false,
    properties: {
      text: { type: "string", minLength: 1, maxLength: 100, pattern: "^[\\x20-\\x7E]+$" },
      font: { type: "string", enum: FIGLET_FONTS, default: "Standard", "x-tool-checks": "a font that can render the text" },
    },
  },
  output: {
    type: "object",
    required: ["art"],
    additionalProperties: false,
    properties: { art: { type: "string" } },
  },
  examples: [
    {
      title: "The figlet.js README banner",
      source: "figlet.js README (trailing blanks kept); python3 FIGlet renderer after figlet.c smushing rules on Standard.flf",
      input: { text: "Hello World!!", font: "Standard" },
      output: {
        art:
          "  _   _      _ _        __        __         _     _ _ _ \n | | | | ___| | | ___   \\ \\      / /__  _ __| | __| | | |\n | |_| |/ _ \\ | |/ _ \\   \\ \\ /\\ / / _ \\| '__| |/ _` | | |\n |  _  |  __/ | | (_) |   \\ V  V / (_) | |  | | (_| |_|_|\n |_| |_|\\___|_|_|\\___/     \\_/\\_/ \\___/|_|  |_|\\__,_(_|_)\n                                                         ",
      },
    },
    {
      title: "Slant font",
      source: "python3 FIGlet renderer (figfont.txt smushing rules) on Slant.flf",
      input: { text: "Hi!", font: "Slant" },
      output: { art: "    __  ___ __\n   / / / (_) /\n  / /_/ / / / \n / __  / /_/  \n/_/ /_/_(_)   \n              " },
    },
    {
      title: "Big font",
      source: "python3 FIGlet renderer (figfont.txt smushing rules) on Big.flf",
      input: { text: "Wave", font: "Big" },
      output: {
        art:
          " __          __             \n \\ \\        / /             \n  \\ \\  /\\  / /_ ___   _____ \n   \\ \\/  \\/ / _` \\ \\ / / _ \\\n    \\  /\\  / (_| |\\ V /  __/\n     \\/  \\/ \\__,_| \\_/ \\___|\n                            \n                            ",
      },
    },
  ],
  // Not flagged CPU in the catalog, but figlet.js smushing is slow on wide fonts: 100 characters in "Doh" took 3.5 s.
  worker: true,
  timeoutMs: 10_000,
  run: async ({ text, font }: { text: string; font: FigletFont }) => {
    try {
      const figlet = await loadFont(font);
      return ok({ art: figlet.textSync(text, { font }) });
    } catch (error) {
      return err(invalidField("font", `The font '${font}' could not render this text: ${(error as Error).message}`));
    }
  },
});
