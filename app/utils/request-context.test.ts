import { RouterContextProvider, type RouterContext } from "react-router";
import { describe, expect, it } from "vitest";
import * as contexts from "./request-context.ts";

describe("the load context the HTTP server fills", () => {
  it("has a default for every value, so pages render under `react-router dev` (no server of ours in front)", () => {
    const empty = new RouterContextProvider();
    const names = Object.keys(contexts);
    expect(names.sort()).toEqual(["clientAddressContext", "cspNonceContext", "requestLogContext"]);
    for (const name of names)
      expect(() => empty.get(contexts[name as keyof typeof contexts] as RouterContext<unknown>), name).not.toThrow();
    expect(empty.get(contexts.cspNonceContext)).toBeNull();
  });
});
