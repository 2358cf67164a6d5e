import { describe, expect, it } from "vitest";
import { oncePerRequest, pageUrl, withRequestScope } from "#app/utils/request-scope.server.ts";

describe("oncePerRequest", () => {
  it("computes once for every loader of a page request, though each gets its own Request object", async () => {
    let reads = 0;
    const read = () => ++reads;
    const url = "http://localhost/student-dashboard";
    const values = await withRequestScope(new Request(url), new URL(url), async () => {
      // What React Router does: a Request per loader.
      return Promise.all([1, 2, 3].map(async () => oncePerRequest(new Request(url), "session", read)));
    });
    expect(values).toEqual([1, 1, 1]);
    expect(reads).toBe(1);
    // The next request reads again.
    await withRequestScope(new Request(url), new URL(url), async () =>
      oncePerRequest(new Request(url), "session", read),
    );
    expect(reads).toBe(2);
  });

  it("does not share a read across a form post, whose action may change it", async () => {
    let reads = 0;
    const read = () => ++reads;
    const post = new Request("http://localhost/profile", { method: "POST" });
    await withRequestScope(post, new URL(post.url), async () => {
      oncePerRequest(post, "session", read);
      oncePerRequest(post, "session", read); // same Request object: shared
      oncePerRequest(new Request("http://localhost/profile"), "session", read); // a loader after the action: fresh
    });
    expect(reads).toBe(2);
  });
});

it("the page's address is the normalised one the router gave the scope, not the raw data request's", async () => {
  const raw = new Request("http://localhost/dashboard/students.data?q=ama&_routes=routes%2Fdashboard");
  const page = new URL("http://localhost/dashboard/students?q=ama");
  expect(await withRequestScope(raw, page, async () => pageUrl(raw).href)).toBe(page.href);
  expect(pageUrl(raw).href).toBe(raw.url);
});
