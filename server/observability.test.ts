import { describe, expect, it } from "vitest";
import { maskedPath } from "./observability.ts";

// Which routes declare `secretPath` is checked against the build in tests/e2e/auth-contract.spec.ts.
describe("the request log's path of a route that declares a secret in it", () => {
  it("writes [secret] for the pattern's last parameter: a link's token, a callback's secret, a reference", () => {
    expect(maskedPath("/reset-password/:token", "/reset-password/AbC_123-xyz")).toBe("/reset-password/[secret]");
    expect(
      maskedPath("/callbacks/:provider/sms-delivery/:secret", "/callbacks/africastalking/sms-delivery/s3cr3t"),
    ).toBe("/callbacks/africastalking/sms-delivery/[secret]");
    expect(maskedPath("/ussd/:aggregator/:secret", "/ussd/africastalking/s3cr3t")).toBe(
      "/ussd/africastalking/[secret]",
    );
    expect(maskedPath("/reports/:token", "/reports/abc.def.ghi")).toBe("/reports/[secret]");
    expect(maskedPath("/registration/:reference", "/registration/QQRK6VHDS8HF.data")).toBe("/registration/[secret]");
    expect(maskedPath("/admin/messages", "/admin/messages")).toBe("/admin/messages");
  });
});
