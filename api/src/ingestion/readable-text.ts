// Turns a fetched web page into the text a reader would see (Readability on a linkedom DOM), with its title; runs in the extraction child.
import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";

/** Paragraph-preserving text of an element tree: block elements become blank-line separated paragraphs. */
function textWithParagraphs(html: string): string {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  for (const element of document.querySelectorAll("script,style,noscript,template")) element.remove();
  const blocks = document.querySelectorAll("p,li,h1,h2,h3,h4,h5,h6,pre,blockquote,td,th,dt,dd,figcaption");
  const lines: string[] = [];
  for (const block of blocks) {
    // Nested blocks (li > p) would repeat their text; keep the innermost.
    if (block.querySelector("p,li,h1,h2,h3,h4,h5,h6,pre,blockquote,td,th")) continue;
    const text = (block.textContent ?? "").replace(/\s+/g, " ").trim();
    if (text) lines.push(text);
  }
  if (lines.length > 0) return lines.join("\n\n");
  return (document.body?.textContent ?? "")
    .replace(/[ \t]+/g, " ")
    .replace(/\n\s*\n+/g, "\n\n")
    .trim();
}

/**
 * The readable article of an HTML page (falls back to the whole body text when Readability finds no article). `url`
 * only resolves relative links, which the text does not show. Only the extraction child calls this (extract-html.ts):
 * a hostile page can keep a DOM busy for long, which must not happen on the API's event loop.
 */
export function readableText(
  html: string,
  url = "http://localhost/",
): { title: string | null; text: string } {
  const { document } = parseHTML(html);
  const title = (document.querySelector("title")?.textContent ?? "").trim() || null;
  try {
    // Readability mutates the document and expects a documentURI for relative links; linkedom's is enough.
    Object.defineProperty(document, "documentURI", { value: url, configurable: true });
    const article = new Readability(document as unknown as ConstructorParameters<typeof Readability>[0], {
      charThreshold: 100,
    }).parse();
    if (article?.content) {
      const text = textWithParagraphs(article.content);
      if (text) return { title: article.title?.trim() || title, text };
    }
  } catch {
    // Fall through to the plain body text.
  }
  return { title, text: textWithParagraphs(parseHTML(html).document.body?.innerHTML ?? "") };
}
