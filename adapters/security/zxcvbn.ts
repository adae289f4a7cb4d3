import type { ZxcvbnFactory } from "@zxcvbn-ts/core";

// The dictionaries are 9 MB: loaded on first use, once per process (or tool worker).
let factory: Promise<ZxcvbnFactory> | undefined;

/**
 * The one zxcvbn-ts setup, shared by the password-strength tool and sign-up's password rule (ZxcvbnPasswordRater):
 * English and common dictionaries, keyboard graphs, and the bound on l33t substitutions.
 */
export function loadZxcvbn(): Promise<ZxcvbnFactory> {
  factory ??= createFactory().catch((error: unknown) => {
    factory = undefined;
    throw error;
  });
  return factory;
}

async function createFactory(): Promise<ZxcvbnFactory> {
  const [core, common, en] = await Promise.all([
    import("@zxcvbn-ts/core"),
    import("@zxcvbn-ts/language-common"),
    import("@zxcvbn-ts/language-en"),
  ]);
  return new core.ZxcvbnFactory({
    translations: en.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...en.dictionary },
    // The library's bound on l33t substitutions tried "to prevent DOS" (default 100): a 128-character text full of
    // substitutable characters took 1.7 s of CPU at 100 (over the 10 s cap on a loaded 2-core machine) and 0.33 s at
    // 20, with the same score and guesses on every input measured (password-strength.test.ts).
    l33tMaxSubstitutions: 20,
  });
}
