import { describe, expect, it } from "vitest";
import { loggedPath } from "./observability.ts";

describe("the request log's path", () => {
  it("leaves out the secret a path ends in: a reset link's token, a provider callback's secret", () => {
    expect(loggedPath("/reset-password/AbC_123-xyz")).toBe("/reset-password/[secret]");
    expect(loggedPath("/callbacks/africastalking/sms-delivery/s3cr3t")).toBe(
      "/callbacks/africastalking/sms-delivery/[secret]",
    );
    expect(loggedPath("/ussd/africastalking/s3cr3t")).toBe("/ussd/africastalking/[secret]");
    expect(loggedPath("/reset-password/AbC.data")).toBe("/reset-password/[secret]");
    expect(loggedPath("/admin/messages")).toBe("/admin/messages");
  });
});
