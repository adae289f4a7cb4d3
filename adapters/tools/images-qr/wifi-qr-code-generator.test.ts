import { describe, expect, it } from "vitest";
import { wifiQrCodeGenerator } from "./wifi-qr-code-generator.ts";
import { toOpenApiSchema } from "../../http/openapi/json-schema-to-openapi.ts";
import { toJsonSchema } from "../../http/openapi/openapi-to-json-schema.ts";
import { createAjv } from "../ajv-schema-validator.ts";
import { errorOf, outputOf, refusalOf } from "../testing/tool-harness.ts";

describe("wifi-qr-code-generator", () => {
  it("writes the ZXing wiki payload for a WPA network", async () => {
    const output = await outputOf(wifiQrCodeGenerator, { ssid: "mynetwork", password: "mypass12" });
    expect(output.payload).toBe("WIFI:T:WPA;S:mynetwork;P:mypass12;;");
    expect(output.svg).toMatch(/^<svg /);
  });

  it('escapes \\ ; , : and " with a backslash', async () => {
    // ZXing wiki: SSID "foo;bar\baz" (with its quotes) is written S:\"foo\;bar\\baz\";
    const { payload } = await outputOf(wifiQrCodeGenerator, { ssid: '"foo;bar\\baz"', password: "a,b:c;d\\e", encryption: "WPA" });
    expect(payload).toBe('WIFI:T:WPA;S:\\"foo\\;bar\\\\baz\\";P:a\\,b\\:c\\;d\\\\e;;');
  });

  it("leaves the password out for an open network and flags a hidden one", async () => {
    const { payload, pngBase64 } = await outputOf(wifiQrCodeGenerator, { ssid: "Guest", password: "ignored!", encryption: "nopass", hidden: true, format: "png" });
    expect(payload).toBe("WIFI:T:nopass;S:Guest;H:true;;");
    expect(Buffer.from(pngBase64, "base64").subarray(1, 4).toString()).toBe("PNG");
  });

  it.each([
    ["a WPA passphrase under 8 characters", { ssid: "x", password: "short" }, "/input/password", "must have at least 8 characters"],
    ["a WPA network without a password (WPA is the default)", { ssid: "mynetwork" }, "/input/password", "is required"],
    ["a WEP network without a password", { ssid: "x", encryption: "WEP" }, "/input/password", "is required"],
  ])("refuses %s in its schema, naming the password", async (_name, input, path, message) => {
    expect(await refusalOf(wifiQrCodeGenerator, input)).toBe("schema");
    expect((await errorOf(wifiQrCodeGenerator, input)) as { details: unknown }).toMatchObject({ details: [{ path, message }] });
  });

  it("refuses an SSID over 32 UTF-8 bytes itself, at the member its schema marks x-tool-checks", async () => {
    expect(await refusalOf(wifiQrCodeGenerator, { ssid: "é".repeat(17), password: "long enough" })).toBe("tool");
    expect((wifiQrCodeGenerator.input.properties as Record<string, Record<string, unknown>>).ssid["x-tool-checks"]).toBeTypeOf("string");
  });

  it("documents the password rule: the OpenAPI input schema refuses what the server refuses", () => {
    const documented = toOpenApiSchema(wifiQrCodeGenerator.input);
    const ajv = createAjv();
    const validate = ajv.compile(toJsonSchema(documented, {}));
    expect(validate({ ssid: "mynetwork" })).toBe(false);
    expect(validate({ ssid: "mynetwork", encryption: "WEP" })).toBe(false);
    expect(validate({ ssid: "mynetwork", password: "short" })).toBe(false);
    expect(validate({ ssid: "mynetwork", password: "mypassword" })).toBe(true);
    expect(validate({ ssid: "Guest", encryption: "nopass" })).toBe(true);
    expect(validate({ ssid: "Home", encryption: "WEP", password: "k" })).toBe(true);
  });

});
