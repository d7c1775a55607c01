// Journey: the promise to feature teams. Each remote is rebuilt, redeployed or broken without touching the others:
// a remote whose server is down shows its fallback in its own places only, and Retry recovers it without a reload
// once it is back; a hung remote is cut off by the load timeout; a remote built for another React major is refused
// with a clear reason instead of being run on the shell's React; and a remote rebuilt with a change and deployed to
// a new address by configuration alone shows the change while every other build stays byte-for-byte the same.

import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newAccount } from "./support/accounts";
import { screenshot } from "./support/browser";
import { repoRoot } from "./support/env";
import { type Journey, startJourney } from "./support/journey";
import { card } from "./support/locators";
import {
  copyBuiltRemote,
  hashTree,
  hostRemote,
  type RemoteHost,
  rebuildRemoteWithChange,
  removeRemoteBuilds,
} from "./support/remote-host";

const REBUILD_TIMEOUT_MS = 180_000;

function tab(page: Page, name: string) {
  return page.getByRole("tab", { name, exact: true });
}

async function openTab(page: Page, name: string): Promise<void> {
  await tab(page, name).click();
  await expect.poll(() => tab(page, name).getAttribute("aria-selected")).toBe("true");
}

/** The failure card of the widget called `title` ("Vector database failed to load"). */
function failed(page: Page, title: string) {
  return page
    .getByRole("alert")
    .filter({ has: page.getByRole("heading", { name: `${title} failed to load` }) });
}

/** Declares React 20 in a built remote's manifest and shared map, as a build against React 20 would. */
async function declareReact20(dist: string): Promise<void> {
  const manifestPath = path.join(dist, "mf-manifest.json");
  const manifest = JSON.parse(await readFile(manifestPath, "utf8")) as {
    shared: { name: string; version: string; requiredVersion: string }[];
  };
  for (const shared of manifest.shared) {
    if (shared.name === "react") Object.assign(shared, { version: "20.0.0", requiredVersion: "^20.0.0" });
  }
  await writeFile(manifestPath, JSON.stringify(manifest));
}

describe("remotes that are down, hung, incompatible or redeployed", () => {
  let journey: Journey | undefined;
  let page: Page;
  let knowledge: RemoteHost;
  let api: RemoteHost;
  let training: RemoteHost;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    knowledge = await hostRemote(path.join(repoRoot, "mf-knowledge/dist"));
    api = await hostRemote(path.join(repoRoot, "mf-api/dist"));
    const incompatible = await copyBuiltRemote("mf-training");
    await declareReact20(incompatible);
    training = await hostRemote(incompatible);
    journey = await startJourney(newAccount("Dorothy", "Vaughan"), {
      REMOTES_MF_KNOWLEDGE: knowledge.manifestUrl,
      REMOTES_MF_API: api.manifestUrl,
      REMOTES_MF_TRAINING: training.manifestUrl,
    });
    page = journey.page;
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });
  });

  afterAll(async () => {
    await journey?.close();
    await Promise.all([knowledge?.stop(), api?.stop(), training?.stop()]);
    await removeRemoteBuilds();
  });

  it("shows a stopped remote's fallback in its own places only, and Retry brings it back without a reload", async () => {
    await knowledge.stop();
    await page.goto("/?tab=knowledge");
    for (const title of ["Document upload", "Vector database", "Agent data sources"]) {
      await failed(page, title).waitFor({ timeout: 30_000 });
    }
    await screenshot(page, "dashboard-remote-down");

    // Overview: the knowledge remote's card fails, the agents remote's widgets and the metrics work.
    await openTab(page, "Overview");
    await failed(page, "Vector database").waitFor({ timeout: 30_000 });
    await card(page, "Agent Management Center").getByRole("article", { name: "GTM Strategy" }).waitFor();
    await page.getByRole("region", { name: "GTM Strategy Chat" }).waitFor();
    await card(page, "Documents", 3).getByText("0", { exact: true }).waitFor();

    // The same page, not a reloaded one, recovers once the remote is back.
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    await knowledge.start();
    await failed(page, "Vector database").getByRole("button", { name: "Retry" }).click();
    await card(page, "Vector Database").waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    // A tab opened again loads its widgets again: the knowledge tab is whole.
    await openTab(page, "Knowledge");
    await page.getByRole("region", { name: "Document upload" }).getByLabel("Files to upload").waitFor();
    expect(await page.getByRole("alert").count()).toBe(0);
  });

  it("cuts off a hung remote at the load timeout and keeps the rest of the tab", async () => {
    // Hanging from the start: the page's idle preloading finds it hung too.
    api.setHanging(true);
    await page.goto("/?tab=management");
    const keys = failed(page, "API keys");
    await keys.waitFor({ timeout: 30_000 });
    expect(await keys.textContent()).toMatch(/no answer within 10 s/);
    await openTab(page, "Overview");
    await card(page, "Agent Management Center").waitFor();
    api.setHanging(false);
  });

  it("refuses a remote built for another React major, saying so on the card and in the console", async () => {
    await page.goto("/?tab=training");
    const pipeline = failed(page, "Training pipeline");
    await pipeline.waitFor({ timeout: 30_000 });
    expect(await pipeline.textContent()).toContain("react ^20.0.0 (this page provides 19.3.1)");
    expect(consoleErrors.some((text) => text.includes("react ^20.0.0"))).toBe(true);
    // Nothing of it rendered: the job form of the training remote is absent.
    expect(await page.getByLabel("Job name").count()).toBe(0);
    await screenshot(page, "dashboard-remote-incompatible");
  });

  it(
    "shows a rebuilt remote deployed to a new address by configuration alone; every other build is unchanged",
    async () => {
      const builds = ["shell", "mf-dashboard", "mf-agents", "mf-knowledge", "mf-training", "mf-api"].map(
        (name) => path.join(repoRoot, name, "dist"),
      );
      const before = await hashTree(builds);
      const dist = await rebuildRemoteWithChange("mf-dashboard", {
        file: "src/features/overview/components/dashboard-header.tsx",
        find: 'description="Complete suite with no restrictions"',
        replace: 'description="Complete suite with no restrictions · release 2"',
      });
      const host = await hostRemote(dist);
      const redeployed = await startJourney(newAccount("Katherine", "Coleman"), {
        REMOTES_MF_DASHBOARD: host.manifestUrl,
      });
      try {
        redeployed.page.on("console", (message) =>
          console.log("[redeployed]", message.type(), message.text()),
        );
        await redeployed.page.goto("/");
        await redeployed.page.getByText("Complete suite with no restrictions · release 2").waitFor();
        // The other remotes still come from the product's own server and work beside it.
        await card(redeployed.page, "Agent Management Center")
          .getByRole("article", { name: "GTM Strategy" })
          .waitFor();
      } finally {
        await redeployed.close();
        await host.stop();
      }
      expect(await hashTree(builds)).toEqual(before);
    },
    REBUILD_TIMEOUT_MS,
  );
});
