import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { HANDOFF_PREFIX } from "./spool-handoff";
import { STALE_SPOOL_MS, sweepStaleSpools } from "./spool-sweeper";
import { SPOOL_PREFIX } from "./spool-upload";

describe("sweeping stale upload spools", () => {
  let root = "";
  afterEach(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  /** A spool folder holding one file, both last written `ageMs` ago. */
  async function spool(name: string, ageMs: number): Promise<string> {
    const folder = path.join(root, name);
    await mkdir(folder);
    await writeFile(path.join(folder, "0"), "partial upload");
    const at = new Date(Date.now() - ageMs);
    await utimes(path.join(folder, "0"), at, at);
    await utimes(folder, at, at);
    return folder;
  }

  it("removes spools nobody wrote to for longer than any live upload is quiet, and nothing else", async () => {
    root = await mkdtemp(path.join(tmpdir(), "acp-sweep-"));
    await spool(`${SPOOL_PREFIX}dead`, STALE_SPOOL_MS + 60_000);
    await spool(`${SPOOL_PREFIX}live`, 60_000);
    await spool("someone-elses-folder", STALE_SPOOL_MS * 10);
    await writeFile(path.join(root, `${SPOOL_PREFIX}a-file-not-a-folder`), "x");
    expect(await sweepStaleSpools(root)).toBe(1);
    expect((await readdir(root)).sort()).toEqual(
      [`${SPOOL_PREFIX}a-file-not-a-folder`, `${SPOOL_PREFIX}live`, "someone-elses-folder"].sort(),
    );
  });

  it("removes hand-offs no job took for as long, and keeps recent ones", async () => {
    root = await mkdtemp(path.join(tmpdir(), "acp-sweep-"));
    const handOff = async (name: string, ageMs: number) => {
      await writeFile(path.join(root, name), "bytes");
      const at = new Date(Date.now() - ageMs);
      await utimes(path.join(root, name), at, at);
    };
    await handOff(`${HANDOFF_PREFIX}old`, STALE_SPOOL_MS + 60_000);
    await handOff(`${HANDOFF_PREFIX}old.taken-by-a-killed-attempt`, STALE_SPOOL_MS + 60_000);
    await handOff(`${HANDOFF_PREFIX}recent`, 60_000);
    expect(await sweepStaleSpools(root)).toBe(2);
    expect(await readdir(root)).toEqual([`${HANDOFF_PREFIX}recent`]);
  });

  it("keeps a spool whose folder is old while a file in it is still being written", async () => {
    root = await mkdtemp(path.join(tmpdir(), "acp-sweep-"));
    const folder = await spool(`${SPOOL_PREFIX}slow`, STALE_SPOOL_MS + 60_000);
    await writeFile(path.join(folder, "1"), "still arriving");
    expect(await sweepStaleSpools(root)).toBe(0);
  });

  it("answers 0 for a spool root that does not exist", async () => {
    expect(await sweepStaleSpools(path.join(tmpdir(), "acp-no-such-root-for-sure"))).toBe(0);
  });
});
