/**
 * First contentful paint and "typeable" time of a page on an emulated slow 3G phone (the DevTools throttle over
 * CDP: 400 ms RTT, 400 kbit/s both ways, CPU 4× slower; Lighthouse's mobile viewport), with JavaScript on or off.
 *
 * Per run: a fresh browser context (cold cache, new connections). Times are from the page's navigation start:
 * - fcpMs: the `first-contentful-paint` paint entry;
 * - typeableMs: for a page with a text field, when its first one was laid out and visible at the start of a typing
 *   probe that succeeded (a key typed through the browser's input pipeline shows in the field), probed every 25 ms;
 *   for a page without one, its FCP.
 * - readyMs: the later of the two: a person cannot type into a page they cannot see.
 * - typedValueSurvived: the typed key is still in the field once the network is idle (hydration kept it).
 */
import { chromium, type Browser } from "playwright-core";

export type FirstPaintRun = {
  fcpMs: number | null;
  typeableMs: number | null;
  readyMs: number | null;
  typedValueSurvived: boolean | null;
  jsBytes: number;
};
export type FirstPaintSummary = {
  path: string;
  js: "on" | "off";
  runs: FirstPaintRun[];
  fcpMs: number | null;
  typeableMs: number | null;
  readyMs: number | null;
};

const median = (values: (number | null)[]) => {
  const v = values.filter((x): x is number => x !== null).sort((a, b) => a - b);
  if (!v.length) return null;
  return Math.round(v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2);
};

const FIELD =
  'input:not([type]), input[type="text"], input[type="tel"], input[type="email"], input[type="password"], textarea';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
}

async function measureOnce(browser: Browser, url: string, js: "on" | "off"): Promise<FirstPaintRun> {
  const context = await browser.newContext({
    javaScriptEnabled: js === "on",
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 400,
      downloadThroughput: 50_000,
      uploadThroughput: 50_000,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    let jsBytes = 0;
    const scripts = new Set<string>();
    cdp.on("Network.responseReceived", (e) => {
      if (e.type === "Script") scripts.add(e.requestId);
    });
    cdp.on("Network.loadingFinished", (e) => {
      if (scripts.has(e.requestId)) jsBytes += e.encodedDataLength;
    });

    const navigation = page.goto(url, { waitUntil: "commit", timeout: 60_000 });
    await navigation;
    // Typing probe, from the test process so it also works with JavaScript off.
    let typeableMs: number | null = null;
    const started = Date.now();
    let hasField = true;
    while (Date.now() - started < 30_000) {
      const state = await page
        .evaluate((selector) => {
          const field = document.querySelector<HTMLInputElement>(selector);
          if (!field) return document.readyState === "complete" ? "none" : "wait";
          const box = field.getBoundingClientRect();
          return box.width > 0 && box.height > 0 ? Math.round(performance.now()) : "wait";
        }, FIELD)
        .catch(() => "wait" as const);
      if (state === "none") {
        hasField = false;
        break;
      }
      if (typeof state === "number") {
        const field = page.locator(FIELD).first();
        await field.focus({ timeout: 2_000 }).catch(() => {});
        await page.keyboard.type("x");
        const value = await field.inputValue({ timeout: 2_000 }).catch(() => "");
        if (value.includes("x")) {
          // When the probe that succeeded started: the field was visible and took the key from then on.
          typeableMs = state;
          break;
        }
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    await page.waitForLoadState("load", { timeout: 60_000 }).catch(() => {});
    await page.waitForLoadState("networkidle", { timeout: 30_000 }).catch(() => {});
    const fcpMs = await page.evaluate(() => {
      const entry = performance.getEntriesByName("first-contentful-paint")[0];
      return entry ? Math.round(entry.startTime) : null;
    });
    let typedValueSurvived: boolean | null = null;
    if (hasField && typeableMs !== null)
      typedValueSurvived = (
        await page
          .locator(FIELD)
          .first()
          .inputValue()
          .catch(() => "")
      ).includes("x");
    if (!hasField) typeableMs = fcpMs;
    const readyMs = fcpMs === null || typeableMs === null ? null : Math.max(fcpMs, typeableMs);
    return { fcpMs, typeableMs, readyMs, typedValueSurvived, jsBytes };
  } finally {
    await context.close();
  }
}

export async function measureFirstPaint(
  browser: Browser,
  baseUrl: string,
  path: string,
  js: "on" | "off",
  runs: number,
): Promise<FirstPaintSummary> {
  const results: FirstPaintRun[] = [];
  for (let i = 0; i < runs; i++) results.push(await measureOnce(browser, `${baseUrl}${path}`, js));
  return {
    path,
    js,
    runs: results,
    fcpMs: median(results.map((r) => r.fcpMs)),
    typeableMs: median(results.map((r) => r.typeableMs)),
    readyMs: median(results.map((r) => r.readyMs)),
  };
}
