// The answer set's scanned document: a building notice drawn as a page image and wrapped in an image-only PDF (no text
// layer), as an office scanner would produce it, so the product must OCR it. Its text is ours (written for this set),
// laid out as scans read: lines broken mid-sentence, a word hyphenated across two lines, headings and a date line
// without sentence punctuation.
import { createCanvas, GlobalFonts } from "@napi-rs/canvas";
import { imageOnlyPdf } from "../files";

/** The uploaded file's name (what the answer must cite). */
export const SCANNED_NOTICE_NAME = "scanned-water-notice.pdf";

/** The page's lines, top to bottom, as printed before scanning. */
export const SCANNED_NOTICE_LINES = [
  "RIVERSIDE PROPERTY MANAGEMENT",
  "Notice to all tenants of Building C",
  "Date 14 March 2025",
  "",
  "Water supply interruption",
  "The water supply to Building C will be shut",
  "off on Tuesday 25 March 2025 from 9 am to 3 pm",
  "while the contractor replaces the main valve in the base-",
  "ment plant room. Please keep enough drinking water",
  "for the day",
  "The rear courtyard car park will be closed to tenants",
  "on that day so the contractor can park two vans there",
  "Questions about this notice go to the site office",
  "on extension 4417 between 8 am and 4 pm",
  "",
  "J. Okafor",
  "Building Manager",
] as const;

/** Whether this machine can draw the page (a system font is needed; CI images have DejaVu). */
export const canDrawScannedNotice = (): boolean => GlobalFonts.families.length > 0;

/** The notice as a one-page image-only PDF: a letter page at 150 dpi, black text on white, JPEG as scanners write. */
export async function scannedNoticePdf(): Promise<Buffer> {
  const width = 1275;
  const height = 1650;
  const canvas = createCanvas(width, height);
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, width, height);
  context.fillStyle = "#000000";
  context.font = "34px sans-serif";
  SCANNED_NOTICE_LINES.forEach((line, i) => {
    context.fillText(line, 110, 180 + i * 58);
  });
  return imageOnlyPdf(await canvas.encode("jpeg", 90), width, height);
}
