import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { clientAddressOf, parseTrustProxy, useClientAddress } from "./client-address.ts";

async function addressSeen(trustProxy: string | undefined, forwardedFor: string) {
  const app = express();
  useClientAddress(app, trustProxy);
  app.get("/", (req, res) => void res.send(clientAddressOf(req)));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  try {
    const { port } = server.address() as AddressInfo;
    return await (await fetch(`http://127.0.0.1:${port}/`, { headers: { "X-Forwarded-For": forwardedFor } })).text();
  } finally {
    server.close();
  }
}

describe("client address", () => {
  it("ignores X-Forwarded-For unless TRUST_PROXY is set, so a client cannot choose its address", async () => {
    expect(await addressSeen(undefined, "203.0.113.9")).toBe("127.0.0.1");
    expect(await addressSeen("false", "203.0.113.9")).toBe("127.0.0.1");
  });

  it("takes the hop the configured proxy saw", async () => {
    expect(await addressSeen("loopback", "203.0.113.9")).toBe("203.0.113.9");
    // One proxy in front: the client may prepend anything; the proxy's own entry (the last) counts.
    expect(await addressSeen("1", "6.6.6.6, 203.0.113.9")).toBe("203.0.113.9");
  });

  it("parses TRUST_PROXY", () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy("2")).toBe(2);
    expect(parseTrustProxy("true")).toBe(true);
    expect(parseTrustProxy("10.0.0.0/8, loopback")).toBe("10.0.0.0/8, loopback");
  });
});
