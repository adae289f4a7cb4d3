import { createRequire } from "node:module";
import type QRCodeModule from "qrcode";
import { html, type SafeHtml } from "../html.ts";

// Loaded on first use, not at start-up (adapters/tools/fast-start.test.ts): only a two-factor set-up draws one.
let loaded: typeof QRCodeModule | undefined;
const qrcode = (): typeof QRCodeModule => (loaded ??= createRequire(import.meta.url)("qrcode") as typeof QRCodeModule);

/** The quiet zone ISO/IEC 18004 asks for around a symbol, in modules. */
const QUIET_ZONE = 4;

/**
 * `text` as a QR code drawn inline as SVG (the dashboard's CSP allows images from this origin only, `data:` URLs
 * included in the refusal): one path of dark runs, colours as presentation attributes (inline `style` is refused too).
 * Error correction M, as authenticator apps' own set-up codes use.
 */
export function qrSvg(text: string, label: string, pixels = 200): SafeHtml {
  const { modules } = qrcode().create(text, { errorCorrectionLevel: "M" });
  const runs: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col++;
      runs.push(`M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${col - start}v1h-${col - start}z`);
    }
  }
  const side = modules.size + 2 * QUIET_ZONE;
  return html`<svg class="qr" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" width="${pixels}" height="${pixels}" shape-rendering="crispEdges" role="img" aria-label="${label}" data-qr-size="${modules.size}">
<rect width="${side}" height="${side}" fill="#ffffff"/>
<path fill="#000000" d="${runs.join("")}"/>
</svg>`;
}
