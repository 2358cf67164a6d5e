import { describe, expect, it } from "vitest";
import { assetUrls } from "./page-weight.ts";

describe("assetUrls", () => {
  it("finds stylesheets, module preloads, script tags and inline imports once each", () => {
    const html = `<html><head>
      <link rel="stylesheet" href="/assets/root.css"/>
      <link rel="modulepreload" href="/assets/entry.client.js"/>
      <link rel="modulepreload" href="/assets/chunk.js"/>
      <link rel="icon" href="/favicon.svg"/>
      <script src="/assets/legacy.js"></script>
      </head><body><script type="module">import "/assets/manifest.js";
      import * as route0 from "/assets/root.js";
      import("/assets/entry.client.js");</script></body></html>`;
    const { css, js } = assetUrls(html);
    expect(css).toEqual(["/assets/root.css"]);
    expect(js.sort()).toEqual(
      [
        "/assets/chunk.js",
        "/assets/entry.client.js",
        "/assets/legacy.js",
        "/assets/manifest.js",
        "/assets/root.js",
      ].sort(),
    );
  });
});
