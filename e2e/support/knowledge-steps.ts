// Steps of the journeys that give the product documents: choose files in the knowledge remote's upload field (on
// /knowledge, in the agent wizards and on /training), wait until each reads Processed, ask the retrieval lab.
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { card } from "./locators";

/** How long one document may take from upload to Processed. */
export const INGESTION_TIMEOUT_MS = 120_000;

/** An in-memory file for the upload field. */
export type FileContent = { name: string; mimeType: string; buffer: Buffer };

/** Files for the upload field: paths on disk or in-memory files. */
type UploadFiles = readonly string[] | readonly FileContent[];

/** Goes to /knowledge and waits for its title. */
export async function openKnowledgePage(page: Page): Promise<void> {
  await page.goto("/knowledge");
  await page.getByRole("heading", { level: 1, name: "Knowledge Base Management" }).waitFor();
}

/** The documents lists: /knowledge's and an agent wizard's (the upload field's own is `uploadsRegion`). */
type DocumentListName = "Documents" | "Latest documents of this agent";

/** The documents list called `name` on the page, each document a listitem with its status. */
export function documentList(page: Page, name: DocumentListName = "Documents"): Locator {
  return page.getByRole("list", { name });
}

/** The upload field's own list of what was chosen, each file with its progress and status. */
export function uploadsRegion(scope: Page | Locator): Locator {
  return scope.getByRole("region", { name: "Uploads" });
}

/** The row naming `name` in a documents list or the Uploads region. */
export function documentRow(list: Locator, name: string): Locator {
  return list.getByRole("listitem").filter({ hasText: name });
}

/** Chooses `files` in the upload field inside `scope` (a page or the card holding the field): uploading starts. */
export async function chooseFiles(scope: Page | Locator, files: UploadFiles): Promise<void> {
  await scope.getByLabel("Files to upload").setInputFiles(files);
}

/** Waits until the row of each of `names` in `list` reads Processed, each within the ingestion timeout. */
export async function waitUntilProcessed(list: Locator, names: readonly string[]): Promise<void> {
  for (const name of names) {
    await documentRow(list, name)
      .getByText("Processed", { exact: true })
      .waitFor({ timeout: INGESTION_TIMEOUT_MS });
  }
}

/** The name a file shows under in the lists. */
function fileName(file: string | FileContent): string {
  return typeof file === "string" ? path.basename(file) : file.name;
}

/** Uploads `files` through the field inside `scope` and waits until each reads Processed in `list`. */
export async function uploadAndWait(scope: Page | Locator, files: UploadFiles, list: Locator): Promise<void> {
  await chooseFiles(scope, files);
  await waitUntilProcessed(list, files.map(fileName));
}

/** Asks /knowledge's retrieval lab `question`; returns the list of passages an agent would be given. */
export async function askRetrievalLab(page: Page, question: string): Promise<Locator> {
  const lab = card(page, "Retrieval Lab");
  await lab.getByLabel("Question").fill(question);
  await lab.getByRole("button", { name: "Search" }).click();
  return lab.getByRole("list", { name: "Passages that would be used" });
}

/** The spreadsheet row numbers of a sheet's preview rows (their row headers) in the document detail dialog. */
export function sheetRowNumbers(rows: Locator): Promise<number[]> {
  return rows
    .locator("th")
    .evaluateAll((cells) => cells.map((cell) => Number.parseInt(cell.textContent ?? "", 10)));
}
