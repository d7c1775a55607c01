import { randomUUID } from "node:crypto";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { dropHandedOffFile, HANDOFF_PREFIX, handOffSpooledFile, takeHandedOffFile } from "./spool-handoff";

describe("handing a spooled upload to its ingestion job", () => {
  let dir = "";
  let spoolFile = "";
  const documentId = randomUUID();
  const bytes = "the spooled bytes of an upload";

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "acp-handoff-test-"));
    await writeFile(path.join(dir, "spooled"), bytes);
    spoolFile = path.join(dir, "spooled");
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("keeps the bytes when the spool file is removed, and lets exactly one taker have them", async () => {
    const link = await handOffSpooledFile({ dir, documentId, filePath: spoolFile });
    expect(link && path.basename(link)).toBe(`${HANDOFF_PREFIX}${documentId}`);
    await rm(spoolFile);

    const taken = await takeHandedOffFile({ dir, documentId, size: bytes.length });
    expect(taken).toBeDefined();
    expect(await readFile(taken ?? "", "utf8")).toBe(bytes);
    // A second attempt (or another worker) finds nothing and reads the stored bytes instead.
    expect(await takeHandedOffFile({ dir, documentId, size: bytes.length })).toBeUndefined();
  });

  it("gives nothing for a document without a hand-off, and drops a file of another size", async () => {
    expect(await takeHandedOffFile({ dir, documentId, size: bytes.length })).toBeUndefined();
    await handOffSpooledFile({ dir, documentId, filePath: spoolFile });
    expect(await takeHandedOffFile({ dir, documentId, size: bytes.length + 1 })).toBeUndefined();
    expect(await readdir(dir)).toEqual(["spooled"]);
  });

  it("answers undefined when no link can be made, and drops a hand-off nobody will take", async () => {
    expect(
      await handOffSpooledFile({ dir: path.join(dir, "missing"), documentId, filePath: spoolFile }),
    ).toBeUndefined();
    await handOffSpooledFile({ dir, documentId, filePath: spoolFile });
    await dropHandedOffFile({ dir, documentId });
    await dropHandedOffFile({ dir, documentId });
    expect(await readdir(dir)).toEqual(["spooled"]);
  });
});
