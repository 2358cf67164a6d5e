import fs from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";

/**
 * A virtual screen reader in the page (@guidepup/virtual-screen-reader): it walks the accessibility tree as NVDA or
 * VoiceOver users move through a page and says what they would hear.
 */
const BUNDLE = createRequire(import.meta.url).resolve("@guidepup/virtual-screen-reader/browser.js");

/**
 * The bundle as a classic script that leaves the reader on `window.__virtual`: evaluated by the test harness, so it
 * also runs on a page whose own JavaScript is off (the no-JS project), and no page CSP is involved.
 */
let script: string | null = null;
function readerScript() {
  if (script) return script;
  const source = fs.readFileSync(BUNDLE, "utf8");
  const exported = /export\s*\{([^}]*)\}\s*;?\s*(\/\*[\s\S]*?\*\/\s*)?(\/\/# sourceMappingURL=.*)?\s*$/.exec(source);
  const local = exported?.[1]
    .split(",")
    .map((pair) => pair.trim().split(/\s+as\s+/))
    .find(([, name]) => name === "virtual")?.[0];
  if (!exported || !local) throw new Error("virtual-screen-reader: the browser bundle's export list was not found");
  script = `(() => {${source.slice(0, exported.index)}; window.__virtual = ${local};})()`;
  return script;
}

export type ScreenReader = {
  /** Moves by `command` (e.g. "moveToNextHeading", "moveToNextLandmark") and returns what was said. */
  perform(command: string): Promise<string>;
  /** Moves to the next item (Down arrow in browse mode) and returns what was said. */
  next(): Promise<string>;
  /** What is said, item after item, until `until` is said (included), the document ends, or `max` items. */
  readUntil(until: RegExp, max?: number): Promise<string[]>;
  /** Everything said since the reader started. */
  log(): Promise<string[]>;
};

export async function startScreenReader(page: Page, selector = "body"): Promise<ScreenReader> {
  await page.evaluate(readerScript());
  await page.evaluate(async (selector) => {
    const v = (window as unknown as { __virtual: { start(o: unknown): Promise<void> } }).__virtual;
    await v.start({ container: document.querySelector(selector) ?? document.body });
  }, selector);
  type Virtual = {
    perform(c: unknown): Promise<void>;
    next(): Promise<void>;
    lastSpokenPhrase(): Promise<string>;
    spokenPhraseLog(): Promise<string[]>;
    commands: Record<string, unknown>;
  };
  const run = (step: "next" | string) =>
    page.evaluate(async (step) => {
      const v = (window as unknown as { __virtual: Virtual }).__virtual;
      if (step === "next") await v.next();
      else await v.perform(v.commands[step]);
      return v.lastSpokenPhrase();
    }, step);
  return {
    perform: (command) => run(command),
    next: () => run("next"),
    async readUntil(until, max = 600) {
      const said: string[] = [];
      for (let i = 0; i < max; i++) {
        const phrase = await run("next");
        said.push(phrase);
        if (until.test(phrase) || phrase === "end of document") break;
      }
      return said;
    },
    log: () => page.evaluate(() => (window as unknown as { __virtual: Virtual }).__virtual.spokenPhraseLog()),
  };
}
