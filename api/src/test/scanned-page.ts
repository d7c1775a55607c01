// Test support: lines of text drawn on a page image and wrapped in an image-only PDF (no text layer), as an office
// scanner produces it, so extraction must OCR it.
import { createCanvas, GlobalFonts } from "@napi-rs/canvas";
import { imageOnlyPdf } from "./files";

/** Whether this machine can draw text (a system font is needed; CI images have DejaVu). */
export const canDrawText = (): boolean => GlobalFonts.families.length > 0;

type PageLayout = { fontPx: number; left: number; top: number; lineHeight: number };

/** The lines on a letter page at 150 dpi (an office scanner's default), black on white, JPEG as scanners write. */
export async function scannedPagePdf(
  lines: readonly string[],
  { fontPx = 36, left = 100, top = 200, lineHeight = 60 }: Partial<PageLayout> = {},
): Promise<Buffer> {
  const width = 1275;
  const height = 1650;
  const canvas = createCanvas(width, height);
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, width, height);
  context.fillStyle = "#000000";
  context.font = `${fontPx}px sans-serif`;
  lines.forEach((line, i) => {
    context.fillText(line, left, top + i * lineHeight);
  });
  return imageOnlyPdf(await canvas.encode("jpeg", 90), width, height);
}
