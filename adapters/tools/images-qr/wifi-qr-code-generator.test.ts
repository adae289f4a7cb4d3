import { describe, expect, it } from "vitest";
import { wifiQrCodeGenerator } from "./wifi-qr-code-generator.ts";
import { outputOf, refusalOf } from "../testing/tool-harness.ts";

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
    ["a WPA passphrase under 8 characters", { ssid: "x", password: "short" }],
    ["a WPA network without a password", { ssid: "x" }],
    ["a WEP network without a password", { ssid: "x", encryption: "WEP" }],
    ["an SSID over 32 UTF-8 bytes", { ssid: "é".repeat(17), password: "long enough" }],
  ])("refuses %s with invalid_input", async (_name, input) => {
    expect(await refusalOf(wifiQrCodeGenerator, input)).toBe("tool");
  });

});
