import { describe, expect, it } from "vitest";
import { PRIVATE_CACHE_CONTROL, PUBLIC_PAGE_CACHE_CONTROL, withCachePolicy } from "#app/utils/http-cache.server.ts";

const page = (headers: Record<string, string> = {}, status = 200) => new Response("<html></html>", { status, headers });
const get = (cookie?: string) => new Request("http://localhost/", { headers: cookie ? { Cookie: cookie } : {} });

describe("withCachePolicy", () => {
  it("keeps a public page public for an anonymous visitor", () => {
    expect(
      withCachePolicy(get(), page({ "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL })).headers.get("Cache-Control"),
    ).toBe(PUBLIC_PAGE_CACHE_CONTROL);
  });

  it("makes a signed-in visitor's page private, no-store, whatever the route said", () => {
    for (const route of [PUBLIC_PAGE_CACHE_CONTROL, "private, no-cache", ""]) {
      const response = withCachePolicy(get("__session=abc; other=1"), page(route ? { "Cache-Control": route } : {}));
      expect(response.headers.get("Cache-Control")).toBe(PRIVATE_CACHE_CONTROL);
    }
  });

  it("makes a response that sets a cookie (a flash toast read) private, no-store", () => {
    const response = withCachePolicy(
      get("__toast=x"),
      page({ "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL, "Set-Cookie": "__toast=; Max-Age=0" }),
    );
    expect(response.headers.get("Cache-Control")).toBe(PRIVATE_CACHE_CONTROL);
  });

  it("keeps a route's own private policy for a signed-in file download", () => {
    const own = "private, max-age=0, must-revalidate";
    expect(withCachePolicy(get("__session=abc"), page({ "Cache-Control": own })).headers.get("Cache-Control")).toBe(
      own,
    );
  });

  it("answers form posts private, no-store", () => {
    const post = new Request("http://localhost/registration", { method: "POST" });
    expect(
      withCachePolicy(post, page({ "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL }, 400)).headers.get("Cache-Control"),
    ).toBe(PRIVATE_CACHE_CONTROL);
  });

  it("does not share error pages of public routes", () => {
    expect(
      withCachePolicy(get(), page({ "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL }, 503)).headers.get("Cache-Control"),
    ).toBe("no-cache");
  });
});
