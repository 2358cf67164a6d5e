import http from "node:http";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import express from "express";
import { describe, expect, it } from "vitest";
import { COALESCE_LIMIT, coalesceWrites } from "./coalesce-writes.ts";
import { compression } from "../compression.ts";

type Counts = { writes: number; flushes: number };

/**
 * An app with the real compression in front, counting what reaches the compressor (writes and flushes) behind
 * coalesceWrites, and a handler that writes the way React Router does: each piece, then `res.flush()`.
 */
async function serve(handler: (res: express.Response & { flush(): void }) => Promise<void> | void) {
  const counts: Counts = { writes: 0, flushes: 0 };
  const app = express();
  app.use(compression());
  app.use((_req, res, next) => {
    const r = res as express.Response & { flush(): void };
    const write = r.write;
    const flush = r.flush;
    r.write = function (this: express.Response, ...args: unknown[]) {
      counts.writes++;
      return (write as (...a: unknown[]) => boolean).apply(this, args);
    } as express.Response["write"];
    r.flush = () => {
      counts.flushes++;
      flush.call(r);
    };
    next();
  });
  app.use(coalesceWrites());
  app.get("/", (_req, res) => {
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    void handler(res as express.Response & { flush(): void });
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, counts, close: () => server.close() };
}

const piece = (i: number) =>
  new TextEncoder().encode(`<li>piece ${i} of a page rendered in two-kilobyte writes</li>`.repeat(30));

describe("coalesceWrites", () => {
  it("sends a page written in many pieces in one turn as one write and one flush, every byte in order", async () => {
    const pieces = Array.from({ length: 25 }, (_, i) => piece(i));
    const app = await serve((res) => {
      for (const p of pieces) {
        res.write(p);
        res.flush();
      }
      res.end();
    });
    try {
      const res = await fetch(app.url, { headers: { "Accept-Encoding": "br" } });
      expect(res.headers.get("content-encoding")).toBe("br");
      expect(await res.text()).toBe(pieces.map((p) => new TextDecoder().decode(p)).join(""));
      expect(app.counts).toEqual({ writes: 1, flushes: 1 });
    } finally {
      app.close();
    }
  });

  it("still streams: what is written in a later turn leaves separately, and the first part arrives before the rest exists", async () => {
    let secondWrittenAt = 0;
    const app = await serve(async (res) => {
      res.write(piece(1));
      res.flush();
      await new Promise((r) => setTimeout(r, 300));
      secondWrittenAt = Date.now();
      res.write(piece(2));
      res.end();
    });
    try {
      const res = await fetch(app.url, { headers: { "Accept-Encoding": "identity" } });
      const reader = res.body!.getReader();
      const first = await reader.read();
      const firstAt = Date.now();
      expect(new TextDecoder().decode(first.value)).toContain("piece 1");
      let rest = "";
      for (let r = await reader.read(); !r.done; r = await reader.read()) rest += new TextDecoder().decode(r.value);
      expect(rest).toContain("piece 2");
      expect(firstAt).toBeLessThan(secondWrittenAt);
      expect(app.counts.writes).toBe(2);
    } finally {
      app.close();
    }
  });

  it("holds no more than its limit: a large body in one turn goes out in writes that report backpressure", async () => {
    const big = randomBytes(8 * COALESCE_LIMIT).toString("hex");
    const chunk = new TextEncoder().encode(big.slice(0, 4096));
    const count = big.length / 4096;
    let sawBackpressure = false;
    const app = await serve((res) => {
      for (let i = 0; i < count; i++) if (!res.write(chunk)) sawBackpressure = true;
      res.end();
    });
    try {
      const res = await fetch(app.url, { headers: { "Accept-Encoding": "identity" } });
      expect((await res.arrayBuffer()).byteLength).toBe(count * 4096);
      expect(app.counts.writes).toBeGreaterThanOrEqual(Math.floor((count * 4096) / COALESCE_LIMIT));
      expect(app.counts.writes).toBeLessThan(count / 4);
      expect(sawBackpressure).toBe(true);
    } finally {
      app.close();
    }
  });

  it("passes a string write straight through, after what it holds, and ends with the held bytes first", async () => {
    const app = await serve((res) => {
      res.write(new TextEncoder().encode("held "));
      res.write("text ", "utf8");
      res.write(new TextEncoder().encode("held again "));
      res.end("end");
    });
    try {
      const res = await fetch(app.url, { headers: { "Accept-Encoding": "identity" } });
      expect(await res.text()).toBe("held text held again end");
      expect(app.counts.writes).toBe(3);
    } finally {
      app.close();
    }
  });

  it("a slow reader still holds the writer back: writes made a turn apart report the socket's backpressure", async () => {
    const CHUNK = 16 * 1024;
    const CHUNKS = 2_000; // 32 MiB, far more than any socket buffer
    let written = 0;
    const app = await serve(async (res) => {
      for (let i = 0; i < CHUNKS; i++) {
        written++;
        if (!res.write(new Uint8Array(CHUNK).fill(97))) await once(res, "drain");
        await new Promise((r) => setImmediate(r));
      }
      res.end();
    });
    try {
      const received = await new Promise<number>((resolve, reject) => {
        http
          .get(app.url, { headers: { "Accept-Encoding": "identity" } }, (res) => {
            res.pause();
            // The reader takes nothing for half a second: the writer must stop long before the end.
            setTimeout(() => {
              try {
                expect(written).toBeLessThan(CHUNKS / 4);
              } catch (error) {
                reject(error);
                res.destroy();
                return;
              }
              let bytes = 0;
              res.on("data", (d: Buffer) => (bytes += d.length));
              res.on("end", () => resolve(bytes));
              res.resume();
            }, 500);
          })
          .on("error", reject);
      });
      expect(received).toBe(CHUNK * CHUNKS);
    } finally {
      app.close();
    }
  });
});
