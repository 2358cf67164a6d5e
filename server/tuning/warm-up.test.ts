import http from "node:http";
import { expect, it } from "vitest";
import { isWarmUpRequest, warmUp } from "./warm-up.ts";

it("renders each page three times through the app, one at a time, each past the anonymous page cache", async () => {
  const asked: string[] = [];
  let open = 0;
  let mostAtOnce = 0;
  const app: http.RequestListener = (req, res) => {
    asked.push(req.url!);
    expect(isWarmUpRequest(req)).toBe(true); // its log line says so
    expect(req.headers.cookie).toBeTruthy(); // the page cache answers only requests without one
    mostAtOnce = Math.max(mostAtOnce, ++open);
    setTimeout(() => {
      open--;
      res.writeHead(req.url === "/portal" ? 302 : 200).end("page");
    }, 2);
  };
  expect(await warmUp(app)).toBe(6); // the sign-in page's redirect is asked, not counted
  expect(asked).toEqual([
    "/",
    "/registration",
    "/portal",
    "/",
    "/registration",
    "/portal",
    "/",
    "/registration",
    "/portal",
  ]);
  expect(mostAtOnce).toBe(1);
});

it("gives up at its deadline when the app does not answer, and the process goes on", async () => {
  const started = Date.now();
  const hanging: http.RequestListener = () => {};
  expect(await warmUp(hanging, { deadlineMs: 200 })).toBe(0);
  expect(Date.now() - started).toBeLessThan(2_000);
});
