import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import express from "express";
import { describe, expect, it } from "vitest";
import { compression } from "./compression.ts";

const CHUNKS = 200;
const CHUNK = 64 * 1024;

/** A response streamed the way React Router's node adapter writes one: on a full buffer, `once("drain")`, then `off`. */
function streamWithDrainWaits(res: express.Response) {
  return (async () => {
    res.setHeader("Content-Type", "text/csv");
    let waits = 0;
    for (let i = 0; i < CHUNKS; i++) {
      // Hex text: compressible, so the compressor has work to do and its buffer fills.
      if (!res.write(randomBytes(CHUNK / 2).toString("hex"))) {
        waits++;
        await new Promise<void>((resolve) => {
          const onDrain = () => {
            res.off("drain", onDrain);
            resolve();
          };
          res.once("drain", onDrain);
        });
      }
    }
    res.end();
    return waits;
  })();
}

describe("compression", () => {
  it("streams a large response that waits for drain many times without piling up listeners", async () => {
    const warnings: Error[] = [];
    const onWarning = (w: Error) => warnings.push(w);
    process.on("warning", onWarning);
    let waits = 0;
    const app = express();
    app.use(compression());
    app.get("/", (_req, res) => {
      streamWithDrainWaits(res).then((n) => (waits = n));
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/`, { headers: { "Accept-Encoding": "gzip" } });
      expect(res.headers.get("content-encoding")).toBe("gzip");
      // fetch decodes gzip: the body is every byte written.
      expect((await res.arrayBuffer()).byteLength).toBe(CHUNKS * CHUNK);
      await new Promise((r) => setImmediate(r));
      expect(waits).toBeGreaterThan(10);
      expect(warnings.filter((w) => /drain listeners/.test(w.message))).toEqual([]);
    } finally {
      process.off("warning", onWarning);
      server.close();
    }
  });

  it("still compresses with brotli when it is accepted", async () => {
    const app = express();
    app.use(compression());
    app.get("/", (_req, res) => void res.type("text/html").send("<p>hello</p>".repeat(500)));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/`, { headers: { "Accept-Encoding": "br, gzip" } });
      expect(res.headers.get("content-encoding")).toBe("br");
      expect(await res.text()).toBe("<p>hello</p>".repeat(500));
    } finally {
      server.close();
    }
  });
});
