import { ok } from "../../../domain/result.ts";
import { defineTool, type ToolContext } from "../../../domain/tool.ts";
import { lazy } from "../lazy.ts";

const loadBip39 = lazy(async () => ({ ...(await import("@scure/bip39")), ...(await import("@scure/bip39/wordlists/english.js")) }));

type WordCount = 12 | 15 | 18 | 21 | 24;

interface Bip39Input {
  entropy?: string;
  wordCount: WordCount;
  passphrase: string;
}

interface Bip39Output {
  mnemonic: string;
  entropy: string;
  wordCount: number;
  seed: string;
}

const TREZOR = "BIP-39 test vectors (trezor/python-mnemonic vectors.json, passphrase TREZOR); also python3 hashlib.pbkdf2_hmac";
const PY = "independent: python3 BIP-39 (sha256 checksum, 11-bit word indices, pbkdf2_hmac sha512 × 2048) over the official wordlist";

function vector(title: string, entropy: string, mnemonic: string, seed: string, source = TREZOR) {
  return {
    title,
    source,
    input: { entropy, passphrase: "TREZOR" },
    output: { mnemonic, entropy, wordCount: mnemonic.split(" ").length, seed },
  };
}

export const bip39Mnemonic = defineTool<Partial<Bip39Input>, Bip39Output>({
  id: "bip39-mnemonic",
  name: "BIP39 Mnemonic",
  category: "crypto",
  description:
    "BIP-39 English mnemonic and 64-byte seed from hex entropy, or from fresh CSPRNG entropy of `wordCount` words when `entropy` is absent.",
  input: {
    type: "object",
    additionalProperties: false,
    properties: {
      entropy: { type: "string", pattern: "^(?:[0-9a-fA-F]{32}|[0-9a-fA-F]{40}|[0-9a-fA-F]{48}|[0-9a-fA-F]{56}|[0-9a-fA-F]{64})$", maxLength: 64 },
      wordCount: { type: "integer", enum: [12, 15, 18, 21, 24], default: 12 },
      passphrase: { type: "string", maxLength: 1024, default: "" },
    },
  },
  output: {
    type: "object",
    required: ["mnemonic", "entropy", "wordCount", "seed"],
    additionalProperties: false,
    properties: {
      mnemonic: { type: "string", pattern: "^[a-z]+( [a-z]+){11,23}$" },
      entropy: { type: "string", pattern: "^[0-9a-f]{32,64}$" },
      wordCount: { type: "integer", enum: [12, 15, 18, 21, 24] },
      seed: { type: "string", pattern: "^[0-9a-f]{128}$" },
    },
  },
  examples: [
    vector(
      "128 bits of zeros",
      "00000000000000000000000000000000",
      "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about",
      "c55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e53495531f09a6987599d18264c1e1c92f2cf141630c7a3c4ab7c81b2f001698e7463b04",
    ),
    vector(
      "128 bits of 0x7f",
      "7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f",
      "legal winner thank year wave sausage worth useful legal winner thank yellow",
      "2e8905819b8723fe2c1d161860e5ee1830318dbf49a83bd451cfb8440c28bd6fa457fe1296106559a3c80937a1c1069be3a3a5bd381ee6260e8d9739fce1f607",
    ),
    vector(
      "128 bits of 0x80",
      "80808080808080808080808080808080",
      "letter advice cage absurd amount doctor acoustic avoid letter advice cage above",
      "d71de856f81a8acc65e6fc851a38d4d7ec216fd0796d0a6827a3ad6ed5511a30fa280f12eb2e47ed2ac03b5c462a0358d18d69fe4f985ec81778c1b370b652a8",
    ),
    vector(
      "128 bits of ones",
      "ffffffffffffffffffffffffffffffff",
      "zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo wrong",
      "ac27495480225222079d7be181583751e86f571027b0497b5b5d11218e0a8a13332572917f0f8e5a589620c6f15b11c61dee327651a14c34e18231052e48c069",
    ),
    vector(
      "192 bits of zeros: 18 words",
      "000000000000000000000000000000000000000000000000",
      "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon agent",
      "035895f2f481b1b0f01fcf8c289c794660b289981a78f8106447707fdd9666ca06da5a9a565181599b79f53b844d8a71dd9f439c52a3d7b3e8a79c906ac845fa",
    ),
    vector(
      "256 bits of ones: 24 words",
      "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
      "zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo vote",
      "dd48c104698c30cfe2b6142103248622fb7bb0ff692eebb00089b32d22484e1613912f0a5b694407be899ffd31ed3992c456cdf60f5d4564b8ba3f05a69890ad",
    ),
    vector(
      "Random-looking 128-bit entropy",
      "9e885d952ad362caeb4efe34a8e91bd2",
      "ozone drill grab fiber curtain grace pudding thank cruise elder eight picnic",
      "274ddc525802f7c828d8ef7ddbcdc5304e87ac3535913611fbbfa986d0c9e5476c91689f9c8a54fd55bd38606aa6a8595ad213d4c9c9f9aca3fb217069a41028",
    ),
    vector(
      "Random-looking 256-bit entropy",
      "68a79eaca2324873eacc50cb9c6eca8cc68ea5d936f98787c60c7ebc74e6ce7c",
      "hamster diagram private dutch cause delay private meat slide toddler razor book happy fancy gospel tennis maple dilemma loan word shrug inflict delay length",
      "64c87cde7e12ecf6704ab95bb1408bef047c22db4cc7491c4271d170a1b213d20b385bc1588d9c7b38f1b39d415665b8a9030c9ec653d75e65f847d8fc1fc440",
    ),
    vector(
      "160 bits of zeros: 15 words",
      "0000000000000000000000000000000000000000",
      "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon address",
      "fa08713f46bf5cb48728ceb70e3aae1bc53c5cb7b4e29c5610261d1cbb7be3bed4d805256fec515754d2be35974fc5da678168e9d9bb0cb70948026923b0def3",
      PY,
    ),
    {
      title: "No passphrase (the default)",
      source: PY,
      input: { entropy: "00000000000000000000000000000000" },
      output: {
        mnemonic: "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about",
        entropy: "00000000000000000000000000000000",
        wordCount: 12,
        seed: "5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc19a5ac40b389cd370d086206dec8aa6c43daea6690f20ad3d8d48b2d2ce9e38e4",
      },
    },
    { title: "Fresh 24-word mnemonic from the CSPRNG (output differs on every call)", input: { wordCount: 24 } },
  ],
  run: async ({ entropy, wordCount, passphrase }: Bip39Input, context: ToolContext) => {
    // Entropy is never seedable: wallet material comes only from the CSPRNG or the caller.
    const bytes = entropy === undefined ? context.randomBytes((wordCount / 3) * 4) : Buffer.from(entropy, "hex");
    const { entropyToMnemonic, mnemonicToSeed, wordlist } = await loadBip39();
    const mnemonic = entropyToMnemonic(Uint8Array.from(bytes), wordlist);
    const seed = await mnemonicToSeed(mnemonic, passphrase);
    return ok({
      mnemonic,
      entropy: Buffer.from(bytes).toString("hex"),
      wordCount: mnemonic.split(" ").length,
      seed: Buffer.from(seed).toString("hex"),
    });
  },
});
