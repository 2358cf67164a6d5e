import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_HANDIN_BYTES, MAX_UPLOAD_BYTES } from "#app/utils/body-limits.ts";
import { bodyLimit, bufferedBody } from "./body-limit.ts";

// The timetable upload declares `body: "upload"` and the hand-in `body: "handin"` (tests/e2e/auth-contract.spec.ts);
// here they stand for any such route; every other path is a form route of the app.
const rulesFor = (path: string) =>
  path === "/timetable-upload"
    ? { body: "upload" as const }
    : path === "/handin"
      ? { body: "handin" as const }
      : path === "/elsewhere"
        ? null
        : {};

let server: http.Server;
let port = 0;
/** Requests the app behind the limit has been handed. */
let reached = 0;

beforeAll(async () => {
  const app = express();
  app.use(
    bodyLimit(rulesFor, {
      deadlineMs: 400,
      uploadDeadlineMs: 5_000,
      uploadMinBytesPerSecond: 0,
      perAddress: 2,
      arrivingMax: 3,
    }),
  );
  app.use((req, _res, next) => {
    reached++;
    next();
  });
  app.use(express.text({ type: "*/*", limit: "1mb" }), (req, res) => {
    res.send(`got ${(bufferedBody(req)?.toString() ?? String(req.body ?? "")).length}`);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** A post that declares `length` bytes and sends `first` of them now, the rest never (or when `finish` is called). */
function slowPost(options: { length: number; first: string; localAddress?: string; path?: string; cookie?: string }) {
  const req = http.request({
    host: "127.0.0.1",
    port,
    method: "POST",
    path: options.path ?? "/form",
    localAddress: options.localAddress,
    headers: {
      "Content-Type": "text/plain",
      "Content-Length": options.length,
      ...(options.cookie ? { Cookie: options.cookie } : {}),
    },
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

describe("form bodies read before the app", () => {
  it("hands the app a form only once its whole body has arrived, so a slow one holds no place there", async () => {
    const before = reached;
    const post = slowPost({ length: 6, first: "abc", localAddress: "127.0.0.4" });
    await new Promise((r) => setTimeout(r, 150));
    expect(reached).toBe(before);
    post.finish("def");
    expect(await post.answer).toMatchObject({ status: 200, body: "got 6" });
    expect(reached).toBe(before + 1);
    // An address that is no route of the app streams its body on, as before.
    const elsewhere = slowPost({ length: 4, first: "ab", localAddress: "127.0.0.4", path: "/elsewhere" });
    await new Promise((r) => setTimeout(r, 100));
    expect(reached).toBe(before + 2);
    elsewhere.finish("cd");
    expect(await elsewhere.answer).toMatchObject({ status: 200, body: "got 4" });
  });

  it("counts one session cookie's bodies together whatever its addresses (429 past the cap)", async () => {
    const cookie = "theme=x; __session=abc.def";
    const a = slowPost({ length: 10, first: "a", localAddress: "127.0.0.5", cookie });
    const b = slowPost({ length: 10, first: "a", localAddress: "127.0.0.6", cookie });
    await new Promise((r) => setTimeout(r, 50));
    const third = await slowPost({ length: 10, first: "a", localAddress: "127.0.0.7", cookie }).answer;
    expect(third.status).toBe(429);
    const other = slowPost({ length: 2, first: "x", localAddress: "127.0.0.7", cookie: "__session=other" });
    other.finish("y");
    expect((await other.answer).status).toBe(200);
    a.abort();
    b.abort();
  });

  it("reads at most `arrivingMax` forms at once in a process, then answers 503 at once", async () => {
    const slow = ["127.0.0.8", "127.0.0.9", "127.0.0.10"].map((localAddress) =>
      slowPost({ length: 10, first: "a", localAddress }),
    );
    await new Promise((r) => setTimeout(r, 50));
    const refused = await slowPost({ length: 10, first: "a", localAddress: "127.0.0.11" }).answer;
    expect(refused.status).toBe(503);
    expect(refused.body).toContain("Nothing was saved");
    for (const p of slow) p.abort();
  });
});

describe("uploads", () => {
  let uploads: http.Server;
  let uploadPort = 0;
  beforeAll(async () => {
    const app = express();
    app.use(
      bodyLimit(rulesFor, {
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
