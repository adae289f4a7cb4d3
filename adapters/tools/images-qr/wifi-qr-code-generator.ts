import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { renderQr } from "./render-qr.ts";
import type { ErrorCorrectionLevel, QrFormat } from "./render-qr.ts";

type Encryption = "WPA" | "WEP" | "nopass";
type Input = {
  ssid: string;
  password?: string;
  encryption: Encryption;
  hidden: boolean;
  errorCorrectionLevel: ErrorCorrectionLevel;
  format: QrFormat;
};

/** The catalog fixes the look of Wi-Fi codes: only the level and the format are the caller's. */
const FIXED_LOOK = { margin: 4, scale: 4, darkColor: "#000000", lightColor: "#ffffff" };

/** ZXing's MECARD-style escaping: backslash first, then ; , : and ". */
function escapeField(value: string): string {
  return value.replace(/[\\;,:"]/g, (char) => `\\${char}`);
}

/** The WIFI: payload in ZXing's field order (T, S, P, H); P is left out for open networks, as ZXing allows. */
export function toWifiPayload({ ssid, password, encryption, hidden }: Pick<Input, "ssid" | "password" | "encryption" | "hidden">): string {
  const passwordField = encryption === "nopass" ? "" : `P:${escapeField(password ?? "")};`;
  return `WIFI:T:${encryption};S:${escapeField(ssid)};${passwordField}${hidden ? "H:true;" : ""};`;
}

/**
 * Which encryption needs which password, stated in the schema so that the document says it too: WPA (also when
 * `encryption` is left out) needs an 8–63 character passphrase, WEP a non-empty key, an open network none.
 */
const CREDENTIALS = [
  { properties: { encryption: { type: "string", const: "WPA" }, password: { type: "string", minLength: 8, maxLength: 63 } }, required: ["password"] },
  { properties: { encryption: { type: "string", const: "WEP" }, password: { type: "string", minLength: 1 } }, required: ["encryption", "password"] },
  { properties: { encryption: { type: "string", const: "nopass" } }, required: ["encryption"] },
];

/** SECRET: the request and the image carry the Wi-Fi password. */
export const wifiQrCodeGenerator = defineTool({
  id: "wifi-qr-code-generator",
  name: "WiFi QR Code Generator",
  category: "images/qr",
  worker: true,
  description: "QR code that joins a Wi-Fi network when scanned (the ZXing WIFI: payload), as SVG or PNG.",
  input: {
    type: "object",
    required: ["ssid"],
    additionalProperties: false,
    properties: {
      ssid: { type: "string", minLength: 1, maxLength: 32, "x-tool-checks": "at most 32 bytes in UTF-8" },
      password: { type: "string", maxLength: 63, description: "WPA (the default): 8 to 63 characters; WEP: required; nopass: ignored." },
      encryption: { type: "string", enum: ["WPA", "WEP", "nopass"], default: "WPA" },
      hidden: { type: "boolean", default: false },
      errorCorrectionLevel: { type: "string", enum: ["L", "M", "Q", "H"], default: "M" },
      format: { type: "string", enum: ["svg", "png"], default: "svg" },
    },
    oneOf: CREDENTIALS,
  },
  output: {
    type: "object",
    required: ["payload", "format"],
    additionalProperties: false,
    properties: {
      payload: { type: "string" },
      format: { type: "string", enum: ["svg", "png"] },
      svg: { type: "string" },
      pngBase64: { type: "string", contentEncoding: "base64" },
    },
  },
  examples: [
    {
      title: "A WPA network",
      source: "shape only; payload per the ZXing wiki 'Barcode Contents' example WIFI:T:WPA;S:mynetwork;P:mypass;; (checked in the test)",
      input: { ssid: "mynetwork", password: "mypassword", encryption: "WPA", hidden: false, errorCorrectionLevel: "M", format: "svg" },
    },
    {
      title: "A hidden open network as PNG",
      source: "shape only; payload WIFI:T:nopass;S:Guest;H:true;; (checked in the test)",
      input: { ssid: "Guest", encryption: "nopass", hidden: true, errorCorrectionLevel: "M", format: "png" },
    },
  ],
  run: async (input: Input) => {
    if (Buffer.byteLength(input.ssid, "utf8") > 32) return err(invalidField("ssid", "An SSID is at most 32 bytes in UTF-8."));
    const payload = toWifiPayload(input);
    const options = { ...FIXED_LOOK, errorCorrectionLevel: input.errorCorrectionLevel, format: input.format };
    const rendered = await renderQr(payload, options, "ssid");
    if (!rendered.ok) return rendered;
    return ok({ payload, format: input.format, ...rendered.value.image });
  },
});
