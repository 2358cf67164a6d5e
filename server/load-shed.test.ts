import type { AddressInfo } from "node:net";
import http, { type Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadShedder } from "./load-shed.ts";

let delayMs = 0;
const changes: Array<[boolean, number]> = [];
let shed = 0;
let reached = 0;
let server: Server;
let base = "";
let releaseHeld = () => {};
const held = new Promise<void>((resolve) => (releaseHeld = resolve));
let fourHeld: Array<Promise<Response>> = [];
// What the sign-in pages, webhooks and phone callbacks declare (`shed: "priority"`, tests/e2e/auth-contract.spec.ts).
const priority = (path: string) =>
  /^\/(?:(?:portal|auth|sign-in\/code)(?:\.data)?$|webhooks\/|ussd\/|callbacks\/)/.test(path);

beforeAll(async () => {
  const app = express();
  app.use(
    loadShedder({
      thresholdMs: 200,
      priority,
      delay: () => delayMs,
      onChange: (shedding, { delayMs: delay }) => changes.push([shedding, delay]),
      onShed: () => shed++,
    }),
  );
  app.use(async (req, res) => {
    reached++;
    if (req.query.hold) await held;
    res.send(`app: ${req.method} ${req.path}`);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("shedding load when the event loop is behind", () => {
  it("serves every request while the delay is under the threshold", async () => {
    delayMs = 150;
    const res = await fetch(`${base}/dashboard`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("app: GET /dashboard");
  });

  it("serves four people while the delay is another program's: the server holds fewer than 4 of its own", async () => {
    delayMs = 900;
    const before = reached;
    fourHeld = Array.from({ length: 4 }, () => fetch(`${base}/dashboard?hold=1`));
    await expect.poll(() => reached).toBe(before + 4);
    expect(shed).toBe(0);
  });

  it("refuses new page requests and form posts at once, before the app sees them; sign-in is still served", async () => {
    // The four of the test before are still in the app: the delay is now the server's own.
    delayMs = 900;
    const before = reached;
    const started = performance.now();
    const page = await fetch(`${base}/dashboard`);
    expect(performance.now() - started).toBeLessThan(100);
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("5");
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(await page.text()).toContain("Many people are using the portal right now");
    const post = await fetch(`${base}/dashboard/payments`, { method: "POST", body: new URLSearchParams({ a: "1" }) });
    expect(post.status).toBe(503);
    const data = await fetch(`${base}/dashboard.data`);
    expect(data.status).toBe(503);
    expect(data.headers.get("content-type")).toContain("text/plain");
    expect(reached, "the app saw none of them").toBe(before);
    for (const path of [
      "/portal",
      "/portal.data",
      "/auth",
      "/sign-in/code",
      "/webhooks/payments/paystack",
      "/ussd/africastalking/secret",
      "/callbacks/africastalking/sms-inbound/secret",
    ]) {
      const signIn = await fetch(`${base}${path}`, { method: "POST", body: new URLSearchParams({ intent: "signin" }) });
      expect({ path, status: signIn.status }).toEqual({ path, status: 200 });
    }
    expect(shed).toBe(3);
    releaseHeld();
    for (const res of await Promise.all(fourHeld)) expect(res.status).toBe(200);
  });

  it("says when it starts and stops shedding, once each", async () => {
    delayMs = 10;
    await fetch(`${base}/`);
    expect(changes).toEqual([
      [true, 900],
      [false, 10],
    ]);
  });
});

describe("shedding load when the app already holds as many requests as it may", () => {
  let busy: Server;
  let url = "";
  let release = () => {};
  const gate = () => new Promise<void>((resolve) => (release = resolve));
  let held = gate();
  let reachedApp = 0;

  beforeAll(async () => {
    const app = express();
    app.use(loadShedder({ thresholdMs: 0, maxInFlight: 2, priority, delay: () => 0 }));
    app.use(async (req, res) => {
      reachedApp++;
      if (req.path === "/slow" || req.query.hold) await held;
      res.send("done");
    });
    busy = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => busy.once("listening", resolve));
    url = `http://127.0.0.1:${(busy.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => busy.close(resolve)));

  it("refuses a third request at once while two are in the app, serves the two, then serves again", async () => {
    const first = fetch(`${url}/slow`);
    const second = fetch(`${url}/slow`);
    await expect.poll(() => reachedApp).toBe(2);
    const started = performance.now();
    const third = await fetch(`${url}/dashboard`);
    expect(performance.now() - started).toBeLessThan(100);
    expect(third.status).toBe(503);
    expect(third.headers.get("retry-after")).toBe("5");
    expect(reachedApp, "the app never saw the third").toBe(2);
    // Signing in, webhooks and the phone channel are served even now, from a reserve of their own (4)…
    const reserved = ["/portal", "/sign-in/code", "/webhooks/payments/test", "/ussd/africastalking/s"].map((p) =>
      fetch(`${url}${p}?hold=1`, { method: "POST" }),
    );
    await expect.poll(() => reachedApp).toBe(6);
    // …which is bounded too: past it, sign-in is refused, and USSD gets the menu's busy screen, not an HTTP error.
    expect((await fetch(`${url}/portal`, { method: "POST" })).status).toBe(503);
    const ussd = await fetch(`${url}/ussd/africastalking/s`, { method: "POST" });
    expect(ussd.status).toBe(200);
    expect(await ussd.text()).toBe("END The service is busy. Please dial again in a minute.");
    expect(reachedApp).toBe(6);
    release();
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
    for (const r of reserved) expect((await r).status).toBe(200);
    held = gate();
    await expect.poll(async () => (await fetch(`${url}/dashboard`)).status).toBe(200);
  });
});

describe("shedding on the whole server's load, with the other workers' counts", () => {
  let srv: Server;
  let url = "";
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let reachedApp = 0;
  let peers = { inFlight: 0, workers: 1 };
  const reported: number[] = [];

  beforeAll(async () => {
    const app = express();
    app.use(
      loadShedder({
        thresholdMs: 0,
        maxInFlight: 2,
        priority,
        delay: () => 0,
        peers: () => peers,
        onInFlight: (n) => reported.push(n),
      }),
    );
    app.use(async (req, res) => {
      reachedApp++;
      if (req.path === "/slow") await held;
      res.send("done");
    });
    srv = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => srv.once("listening", resolve));
    url = `http://127.0.0.1:${(srv.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => srv.close(resolve)));

  it("serves past this worker's own limit while the other worker is idle, and refuses once the server as a whole is full", async () => {
    // Two workers of 2 each: this one takes a third and a fourth request while the other holds none.
    const slow = [1, 2, 3].map(() => fetch(`${url}/slow`));
    await expect.poll(() => reachedApp).toBe(3);
    // The other worker fills up: 3 here and 1 there is the server's 4.
    peers = { inFlight: 1, workers: 1 };
    expect((await fetch(`${url}/dashboard`)).status).toBe(503);
    expect(reachedApp).toBe(3);
    release();
    for (const r of slow) expect((await r).status).toBe(200);
    expect(reported.slice(0, 3)).toEqual([1, 2, 3]);
    await expect.poll(() => reported.at(-1)).toBe(0);
    // Still shedding, the other worker holding 3 of the server's 4 (past half): this worker, holding none itself,
    // serves again (the other alone cannot bring the sum under half, and this one would refuse for as long as it holds).
    peers = { inFlight: 3, workers: 1 };
    const again = await fetch(`${url}/dashboard`);
    expect(again.status).toBe(200);
  });
});

describe("uploads still arriving hold at most a quarter of the server's places", () => {
  let srv: Server;
  let url = "";
  let peers = { inFlight: 0, workers: 1, uploads: 0 };
  // The route's work after the body arrived (storing the photos) is held until the test lets it answer.
  let release = () => {};
  let released = new Promise<void>((resolve) => (release = resolve));

  beforeAll(async () => {
    const app = express();
    // Two workers of 8 places each: 16 in the server, 4 of them for uploads still arriving.
    app.use(
      loadShedder({
        thresholdMs: 0,
        maxInFlight: 8,
        delay: () => 0,
        peers: () => peers,
        upload: (path) => path === "/upload",
      }),
    );
    app.use((req, res) => {
      // The route reads its upload to the end, stores it, then answers.
      req.resume();
      req.on("end", () => void released.then(() => res.send(req.method === "POST" ? "stored" : "page")));
    });
    srv = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => srv.once("listening", resolve));
    url = `http://127.0.0.1:${(srv.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => srv.close(resolve)));

  /** An upload that sends its first byte and the rest when told. */
  function slowUpload() {
    const port = Number(new URL(url).port);
    const req = http.request({
      host: "127.0.0.1",
      port,
      method: "POST",
      path: "/upload",
      headers: { "Content-Length": 2 },
    });
    const status = new Promise<number>((resolve) => {
      req.on("response", (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", () => resolve(0));
    });
    req.write("a");
    return { status, finish: () => req.end("b") };
  }

  it("refuses the upload past the quarter, counting the other workers' uploads, while pages are served", async () => {
    peers = { inFlight: 1, workers: 1, uploads: 1 };
    const held = [slowUpload(), slowUpload(), slowUpload()];
    await new Promise((r) => setTimeout(r, 100));
    // 3 here and 1 in the other worker: the quarter of 16 is full. Pages, the upload route's own page among them, are
    // not uploads.
    expect(await slowUpload().status).toBe(503);
    const pages = [fetch(`${url}/dashboard`), fetch(`${url}/upload`)];
    // Once an upload's body has arrived it no longer counts, though its route is still at work on it.
    held[0]!.finish();
    await new Promise((r) => setTimeout(r, 100));
    const next = slowUpload();
    await new Promise((r) => setTimeout(r, 100));
    next.finish();
    release();
    for (const p of pages) expect((await p).status).toBe(200);
    expect(await next.status).toBe(200);
    for (const h of held) h.finish();
    for (const h of held) expect(await h.status).toBe(200);
    released = Promise.resolve();
  });
});
