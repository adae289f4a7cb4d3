import { invalidField } from "../../../domain/errors.ts";
import type { DomainError } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import type { Result } from "../../../domain/result.ts";
import { lazy } from "../lazy.ts";

const loadQrCode = lazy(async () => (await import("qrcode")).default);

export type ErrorCorrectionLevel = "L" | "M" | "Q" | "H";
export type QrFormat = "svg" | "png";

export interface QrOptions {
  readonly errorCorrectionLevel: ErrorCorrectionLevel;
  readonly format: QrFormat;
  readonly margin: number;
  readonly scale: number;
  readonly darkColor: string;
  readonly lightColor: string;
}

export interface RenderedQr {
  readonly version: number;
  readonly size: number;
  readonly image: { svg: string } | { pngBase64: string };
}

/** The hex forms qrcode's colour parser accepts (#rgb, #rgba, #rrggbb, #rrggbbaa); anything else is refused by the schema. */
export const HEX_COLOR_PATTERN = "^#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$";

/**
 * Pixels one side of a PNG may span: pngjs fills and deflates every pixel, and a version-36 code at scale 20
 * (3,860 px a side, 15 Mpx) took 2 s here, 1,932 px 0.8 s; 1,600 px (2.6 Mpx) stays near half a second.
 */
export const MAX_PNG_SIDE = 1600;

/** Encodes once to learn the version, then renders that same version; qrcode output is deterministic. */
export async function renderQr(text: string, options: QrOptions, field = "text"): Promise<Result<RenderedQr, DomainError>> {
  const { errorCorrectionLevel, format, margin, scale, darkColor, lightColor } = options;
  try {
    const QRCode = await loadQrCode();
    const { version, modules } = QRCode.create(text, { errorCorrectionLevel });
    const side = (modules.size + 2 * margin) * scale;
    if (format === "png" && side > MAX_PNG_SIDE) {
      const message = `The PNG would be ${side} × ${side} pixels, more than ${MAX_PNG_SIDE} a side: lower scale or margin, or use SVG.`;
      return err(invalidField("scale", message));
    }
    const common = { errorCorrectionLevel, version, margin, color: { dark: darkColor, light: lightColor } };
    const image =
      format === "svg"
        ? { svg: await QRCode.toString(text, { ...common, type: "svg" }) }
        : { pngBase64: (await QRCode.toBuffer(text, { ...common, type: "png", scale })).toString("base64") };
    return ok({ version, size: modules.size, image });
  } catch (error) {
    return err(invalidField(field, `Cannot encode a QR code: ${(error as Error).message}`));
  }
}
