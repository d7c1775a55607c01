// Runs Lighthouse (performance category, desktop or mobile preset) against a URL in Debian's Chromium, launched here with the
// flags this sandboxed, offline machine needs, and returns the median of a few runs.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { chromium, type Page } from "playwright-core";
import { freePort } from "../support/app-server";
import { chromiumPath } from "../support/env";
import type { SessionCookie } from "./sign-up";

export type LighthouseScore = { score: number; fcpMs: number; lcpMs: number; tbtMs: number };

/** Lighthouse's two presets: desktop, and its default mobile one (a phone screen, slow 4G, 4x CPU slowdown). */
export type LighthousePreset = "desktop" | "mobile";

const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

/** A headless Chromium with its DevTools port open, for Lighthouse to drive. */
type DebuggableChromium = { port: number; close: () => Promise<void> };

export async function launchDebuggableChromium(): Promise<DebuggableChromium> {
  const port = await freePort();
  const userDataDir = await mkdtemp(path.join(os.tmpdir(), "acp-lighthouse-"));
  const child: ChildProcess = spawn(
    chromiumPath,
    [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${userDataDir}`, "about:blank"],
    { stdio: "ignore" },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
    await rm(userDataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return { port, close };
    } catch {
      // DevTools not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await close();
  throw new Error(`Chromium did not open its DevTools port ${port}`);
}

/** Loads the page once in the same Chromium and waits for `ready`, so Lighthouse is known to score the right page. */
async function checkReady(
  port: number,
  url: string,
  cookie: SessionCookie | undefined,
  ready: (page: Page) => Promise<void>,
): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = await browser.newContext({ viewport: { width: 1350, height: 940 } });
    if (cookie) await context.addCookies([{ ...cookie, url }]);
    const page = await context.newPage();
    await page.goto(url);
    await ready(page);
    await context.close();
  } finally {
    await browser.close();
  }
}

async function runOnce(
  port: number,
  url: string,
  cookie: SessionCookie | undefined,
  preset: LighthousePreset,
): Promise<LighthouseScore> {
  const result = await lighthouse(
    url,
    {
      port,
      logLevel: "error",
      onlyCategories: ["performance"],
      extraHeaders: cookie ? { Cookie: `${cookie.name}=${cookie.value}` } : undefined,
    },
    preset === "desktop" ? desktopConfig : undefined,
  );
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
  if (lhr.runtimeError)
    throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message} (${lhr.runtimeError.code})`);
  const score = lhr.categories.performance?.score;
  if (typeof score !== "number") throw new Error(`Lighthouse gave no performance score for ${url}`);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round(score * 100),
    fcpMs: metric("first-contentful-paint"),
    lcpMs: metric("largest-contentful-paint"),
    tbtMs: metric("total-blocking-time"),
  };
}

/**
 * One run; a run whose trace recording failed (Lighthouse's NO_NAVSTART, NO_FCP: its own advice is to run again) is
 * repeated once. Any other failure, or a second one, fails the benchmark.
 */
async function runRetryingTrace(
  port: number,
  url: string,
  cookie: SessionCookie | undefined,
  preset: LighthousePreset,
): Promise<LighthouseScore> {
  try {
    return await runOnce(port, url, cookie, preset);
  } catch (error) {
    if (!(error instanceof Error && /NO_NAVSTART|NO_FCP/.test(error.message))) throw error;
    console.warn(`${error.message}: running it again`);
    return runOnce(port, url, cookie, preset);
  }
}

/**
 * Lighthouse performance of `url` (`preset`, desktop by default): checks once that the page gets `ready`, then runs Lighthouse
 * `runs` times and returns the run with the median score. `cookie` is sent on every request (the signed-in pages).
 */
export async function measureLighthouse(
  chrome: DebuggableChromium,
  url: string,
  options: {
    ready: (page: Page) => Promise<void>;
    cookie?: SessionCookie;
    runs: number;
    preset?: LighthousePreset;
  },
): Promise<LighthouseScore> {
  await checkReady(chrome.port, url, options.cookie, options.ready);
  const results: LighthouseScore[] = [];
  for (let run = 0; run < options.runs; run++)
    results.push(await runRetryingTrace(chrome.port, url, options.cookie, options.preset ?? "desktop"));
  results.sort((a, b) => a.score - b.score || a.lcpMs - b.lcpMs);
  const median = results[Math.floor(results.length / 2)];
  if (!median) throw new Error("no Lighthouse runs");
  return median;
}
