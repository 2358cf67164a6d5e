import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_HANDIN_BYTES, MAX_UPLOAD_BYTES } from "#app/utils/body-limits.ts";
import { bodyLimit } from "./body-limit.ts";

// The timetable upload declares `body: "upload"` and the hand-in `body: "handin"` (tests/e2e/auth-contract.spec.ts);
// here they stand for any such route.
const isUpload = (path: string) =>
  path === "/timetable-upload" ? ("upload" as const) : path === "/handin" ? ("handin" as const) : undefined;

let server: http.Server;
let port = 0;

beforeAll(async () => {
  const app = express();
  app.use(bodyLimit(isUpload, { deadlineMs: 400, uploadDeadlineMs: 5_000, uploadMinBytesPerSecond: 0, perAddress: 2 }));
  app.use(express.text({ type: "*/*", limit: "1mb" }), (req, res) => {
    res.send(`got ${String(req.body ?? "").length}`);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** A post that declares `length` bytes and sends `first` of them now, the rest never (or when `finish` is called). */
function slowPost(options: { length: number; first: string; localAddress?: string; path?: string }) {
  const req = http.request({
    host: "127.0.0.1",
    port,
    method: "POST",
    path: options.path ?? "/form",
    localAddress: options.localAddress,
    headers: { "Content-Type": "text/plain", "Content-Length": options.length },
  });
  const answer = new Promise<{ status: number; body: string; ms: number }>((resolve) => {
    const started = performance.now();
    req.on("response", (res) => {
      let body = "";
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, ms: performance.now() - started }));
    });
    req.on("error", () => resolve({ status: 0, body: "", ms: performance.now() - started }));
  });
  req.write(options.first);
  return { answer, finish: (rest: string) => req.end(rest), abort: () => req.destroy() };
}

describe("request bodies bounded in size by what the route takes", () => {
  it("refuses a declared body over the upload limit at once, and takes it on a hand-in up to the hand-in limit", async () => {
    const upload = await slowPost({ length: MAX_UPLOAD_BYTES + 1, first: "a", path: "/timetable-upload" }).answer;
    expect(upload.status).toBe(413);
    const overHandin = await slowPost({ length: MAX_HANDIN_BYTES + 1, first: "a", path: "/handin" }).answer;
    expect(overHandin.status).toBe(413);
    // Five photos' worth is let through to the route: no answer while its body is still on the way.
    const handin = slowPost({ length: MAX_UPLOAD_BYTES + 1, first: "a", path: "/handin" });
    const early = await Promise.race([handin.answer, new Promise((r) => setTimeout(() => r("waiting"), 600))]);
    expect(early).toBe("waiting");
    handin.abort();
  });
});

describe("request bodies bounded in time and per address", () => {
  it("answers 408 and frees the place of a form whose body has not arrived by the deadline", async () => {
    const { answer } = slowPost({ length: 1000, first: "a" });
    const { status, body, ms } = await answer;
    expect(status).toBe(408);
    expect(body).toContain("took too long");
    expect(ms).toBeLessThan(2_000);
  });

  it("serves a body that arrives in time", async () => {
    const post = slowPost({ length: 4, first: "ab" });
    setTimeout(() => post.finish("cd"), 100);
    expect(await post.answer).toMatchObject({ status: 200, body: "got 4" });
  });

  it("refuses a third body still arriving from one address (429), not another address's, nor finished ones", async () => {
    const a = slowPost({ length: 10, first: "a", localAddress: "127.0.0.2" });
    const b = slowPost({ length: 10, first: "a", localAddress: "127.0.0.2" });
    await new Promise((r) => setTimeout(r, 50));
    const third = await slowPost({ length: 10, first: "a", localAddress: "127.0.0.2" }).answer;
    expect(third.status).toBe(429);
    expect(third.body).toContain("Too many forms");
    const other = slowPost({ length: 2, first: "x", localAddress: "127.0.0.3" });
    other.finish("y");
    expect((await other.answer).status).toBe(200);
    a.finish("123456789");
    expect((await a.answer).status).toBe(200);
    // One place is free again once a body has arrived.
    const next = slowPost({ length: 2, first: "o", localAddress: "127.0.0.2" });
    next.finish("k");
    expect((await next.answer).status).toBe(200);
    b.abort();
  });
});

describe("uploads", () => {
  let uploads: http.Server;
  let uploadPort = 0;
  beforeAll(async () => {
    const app = express();
    app.use(
      bodyLimit(isUpload, {
        deadlineMs: 300,
        uploadDeadlineMs: 60_000,
        uploadMinBytesPerSecond: 1_000,
        uploadGraceMs: 1_500,
        perAddress: 0,
      }),
    );
    app.use((req, res) => {
      req.resume();
      req.on("end", () => void res.send("ok"));
    });
    uploads = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => uploads.once("listening", resolve));
    uploadPort = (uploads.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => uploads.close(resolve)));

  it("gives an upload longer than a form, but not at any rate: under the minimum past the grace, 408", async () => {
    const req = http.request({
      host: "127.0.0.1",
      port: uploadPort,
      method: "POST",
      path: "/timetable-upload",
      headers: { "Content-Type": "application/octet-stream", "Content-Length": 100_000 },
    });
    const started = performance.now();
    const status = await new Promise<number>((resolve) => {
      req.on("response", (res) => resolve(res.statusCode ?? 0));
      req.on("error", () => resolve(0));
      req.write("x");
    });
    const ms = performance.now() - started;
    expect(status).toBe(408);
    // Past the form's deadline (300 ms): refused by the rate once the grace (1.5 s) was over.
    expect(ms).toBeGreaterThan(1_400);
    expect(ms).toBeLessThan(4_000);
    req.destroy();
  });
});
