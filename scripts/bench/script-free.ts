/**
 * The same page without its scripts: the baseline for "typeable after visible".
 *
 * The typing probe's own round trips (focus, a key, a read-back) cost the renderer a style, layout and paint of the
 * page each, so a long page takes a key later than a short one even with no script at all, and by how much depends on
 * the machine's speed that day. This server answers `path` with the app's own HTML for it, byte for byte, less its
 * `<script>` elements and module preloads, gzipped as the app sends it; every other request is passed to the app.
 * Measured with the same probe in the same run, the page's figure minus this one is what the scripts add.
 */
import http from "node:http";
import zlib from "node:zlib";
import type { AddressInfo } from "node:net";

/** The HTML less what would run: inline and module scripts, and the module preloads that fetch them. */
export function withoutScripts(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "").replace(/<link rel="modulepreload"[^>]*>/g, "");
}

export type ScriptFreeServer = { url: string; stop(): Promise<void> };

export async function serveWithoutScripts(appUrl: string, path: string): Promise<ScriptFreeServer> {
  const page = await fetch(`${appUrl}${path}`);
  if (!page.ok) throw new Error(`${path} answered ${page.status}`);
  const body = zlib.gzipSync(withoutScripts(await page.text()));
  const pathname = new URL(path, appUrl).pathname;
  const server = http.createServer(async (req, res) => {
    if (new URL(req.url ?? "/", appUrl).pathname === pathname) {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-encoding": "gzip" });
      res.end(body);
      return;
    }
    const passed = await fetch(`${appUrl}${req.url}`, { headers: { "accept-encoding": "identity" } }).catch(() => null);
    if (!passed) return void res.writeHead(502).end();
    res.writeHead(passed.status, { "content-type": passed.headers.get("content-type") ?? "application/octet-stream" });
    res.end(Buffer.from(await passed.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
