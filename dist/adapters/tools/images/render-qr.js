import QRCode from "qrcode";
import { invalidField } from "../../../domain/errors.js";
import { err, ok } from "../../../domain/result.js";
/** The hex forms qrcode's colour parser accepts (#rgb, #rgba, #rrggbb, #rrggbbaa); anything else is refused by the schema. */
export const HEX_COLOR_PATTERN = "^#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$";
/** Encodes once to learn the version, then renders that same version; qrcode output is deterministic. */
export async function renderQr(text, options, field = "text") {
    const { errorCorrectionLevel, format, margin, scale, darkColor, lightColor } = options;
    try {
        const { version, modules } = QRCode.create(text, { errorCorrectionLevel });
        const common = { errorCorrectionLevel, version, margin, color: { dark: darkColor, light: lightColor } };
        const image = format === "svg"
            ? { svg: await QRCode.toString(text, { ...common, type: "svg" }) }
            : { pngBase64: (await QRCode.toBuffer(text, { ...common, type: "png", scale })).toString("base64") };
        return ok({ version, size: modules.size, image });
    }
    catch (error) {
        return err(invalidField(field, `Cannot encode a QR code: ${error.message}`));
    }
}
