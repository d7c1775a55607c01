// The answer set's scanned document: a building notice drawn as a page image and wrapped in an image-only PDF (no text
// layer), as an office scanner would produce it, so the product must OCR it. Its text is ours (written for this set),
// laid out as scans read: lines broken mid-sentence, a word hyphenated across two lines, headings and a date line
// without sentence punctuation.
import { canDrawText, scannedPagePdf } from "../scanned-page";

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
export const canDrawScannedNotice = canDrawText;

/** The notice as a one-page image-only PDF, as an office scanner writes it. */
export const scannedNoticePdf = (): Promise<Buffer> =>
  scannedPagePdf(SCANNED_NOTICE_LINES, { fontPx: 34, left: 110, top: 180, lineHeight: 58 });
