import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { AppError } from "../../lib/app-error";
import { spoolUpload } from "./spool-upload";

const BOUNDARY = "acp-test-boundary";
const CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;
const LIMITS = { maxFileBytes: 1024 * 1024, maxFiles: 5, drainBytes: 64 * 1024 };

/** A multipart body from raw parts; `closed: false` leaves out the closing boundary (a cut-off upload). */
function multipart(parts: { field: string; fileName: string; content: string }[], closed = true) {
  const text =
    parts
      .map(
        (part) =>
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.fileName}"\r\n` +
          `Content-Type: text/plain\r\n\r\n${part.content}\r\n`,
      )
      .join("") + (closed ? `--${BOUNDARY}--\r\n` : "");
  return new Blob([text]).stream();
}

/** Settles after every callback queued so far (a stream error emitted late would surface here). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe("spooling a multipart upload", () => {
  let root = "";
  afterEach(async () => {
    if (root) await rm(root, { recursive: true, force: true });
    root = "";
  });

  it("spools a well-formed file part and leaves it for the caller to clean up", async () => {
    root = await mkdtemp(path.join(tmpdir(), "acp-spool-test-"));
    const upload = await spoolUpload({
      body: multipart([{ field: "files", fileName: "notes.txt", content: "hello spool" }]),
      contentType: CONTENT_TYPE,
      limits: LIMITS,
      spoolRoot: root,
    });
    expect(upload.files.map((file) => [file.originalName, file.size])).toEqual([["notes.txt", 11]]);
    await upload.cleanup();
    expect(await readdir(root)).toEqual([]);
  });

  it("answers 400 for a cut-off body whose open part is under another field name, without an uncaught error", async () => {
    root = await mkdtemp(path.join(tmpdir(), "acp-spool-test-"));
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on("uncaughtException", onUncaught);
    try {
      const result = spoolUpload({
        body: multipart([{ field: "attachment", fileName: "cut.txt", content: "half a fi" }], false),
        contentType: CONTENT_TYPE,
        limits: LIMITS,
        spoolRoot: root,
      });
      await expect(result).rejects.toBeInstanceOf(AppError);
      await expect(result).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
      await settle();
      expect(uncaught).toEqual([]);
      expect(await readdir(root)).toEqual([]);
    } finally {
      process.off("uncaughtException", onUncaught);
    }
  });

  it("answers 400 for a cut-off body in the middle of a files part", async () => {
    root = await mkdtemp(path.join(tmpdir(), "acp-spool-test-"));
    const result = spoolUpload({
      body: multipart([{ field: "files", fileName: "cut.txt", content: "half a fi" }], false),
      contentType: CONTENT_TYPE,
      limits: LIMITS,
      spoolRoot: root,
    });
    await expect(result).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    await settle();
    expect(await readdir(root)).toEqual([]);
  });
});
