import { gzipSync } from "node:zlib";

export type PageWeight = {
  path: string;
  status: number;
  htmlGzip: number;
  cssGzip: number;
  jsGzip: number;
  /** HTML + CSS: what a visitor needs before the page is usable without script. */
  htmlCssGzip: number;
  totalGzip: number;
  assets: { url: string; type: "css" | "js"; gzip: number }[];
};

const gz = (body: Buffer | string) => gzipSync(body).length;

/** URLs of stylesheets, scripts and module preloads in an HTML document, plus inline dynamic imports. */
export function assetUrls(html: string): { css: string[]; js: string[] } {
  const css = new Set<string>();
  const js = new Set<string>();
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    const href = /\bhref="([^"]+)"/i.exec(tag)?.[1];
    const rel = /\brel="([^"]+)"/i.exec(tag)?.[1]?.toLowerCase() ?? "";
    if (!href) continue;
    if (rel.split(/\s+/).includes("stylesheet")) css.add(href);
    else if (rel.split(/\s+/).includes("modulepreload")) js.add(href);
  }
  for (const tag of html.match(/<script\b[^>]*\bsrc="[^"]+"[^>]*>/gi) ?? []) {
    const src = /\bsrc="([^"]+)"/i.exec(tag)?.[1];
    if (src) js.add(src);
  }
  // React Router's inline bootstrap imports the entry and route modules.
  for (const m of html.matchAll(/import\s*\(?\s*["'](\/[^"']+\.js)["']/g)) js.add(m[1]);
  for (const m of html.matchAll(/from\s*["'](\/[^"']+\.js)["']/g)) js.add(m[1]);
  return { css: [...css], js: [...js] };
}

/** What a first visit (cold cache) to a page downloads, each response gzipped. */
export async function measurePageWeight(baseUrl: string, path: string): Promise<PageWeight> {
  const res = await fetch(`${baseUrl}${path}`, { redirect: "manual" });
  const html = await res.text();
  const { css, js } = assetUrls(html);
  const assets: PageWeight["assets"] = [];
  for (const [type, urls] of [
    ["css", css],
    ["js", js],
  ] as const) {
    for (const url of urls) {
      const r = await fetch(new URL(url, baseUrl));
      assets.push({ url, type, gzip: gz(Buffer.from(await r.arrayBuffer())) });
    }
  }
  const htmlGzip = gz(html);
  const cssGzip = assets.filter((a) => a.type === "css").reduce((s, a) => s + a.gzip, 0);
  const jsGzip = assets.filter((a) => a.type === "js").reduce((s, a) => s + a.gzip, 0);
  return {
    path,
    status: res.status,
    htmlGzip,
    cssGzip,
    jsGzip,
    htmlCssGzip: htmlGzip + cssGzip,
    totalGzip: htmlGzip + cssGzip + jsGzip,
    assets,
  };
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
