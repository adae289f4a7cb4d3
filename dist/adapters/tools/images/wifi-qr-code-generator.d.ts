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
/** The WIFI: payload in ZXing's field order (T, S, P, H); P is left out for open networks, as ZXing allows. */
export declare function toWifiPayload({ ssid, password, encryption, hidden }: Pick<Input, "ssid" | "password" | "encryption" | "hidden">): string;
/** SECRET: the request and the image carry the Wi-Fi password. */
export declare const wifiQrCodeGenerator: import("../../../domain/tool.ts").ToolDefinition<Input, {
    svg: string;
    payload: string;
    format: QrFormat;
} | {
    pngBase64: string;
    payload: string;
    format: QrFormat;
}>;
export {};
