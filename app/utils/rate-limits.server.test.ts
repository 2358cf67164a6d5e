import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "#tests/support/test-database.ts";

useTestDatabase("rate_limits_unit");

let limits: typeof import("#app/utils/rate-limits.server.ts");
beforeAll(async () => {
  limits = await import("#app/utils/rate-limits.server.ts");
});

describe("limits throttle the stranger, not the number's owner", () => {
  it("five code requests for a number from strangers do not stop its owner asking for one", async () => {
    const phone = "+233240007001";
    for (let i = 0; i < 5; i++) expect(await limits.checkCodeRequest(phone)).toBeNull();
    expect(await limits.checkCodeRequest(phone)).toMatchObject({ status: 429 });
    // The signed-in account of the number, or a browser where it signed in before: a count of its own.
    expect(await limits.checkCodeRequest(phone, "user:u1")).toBeNull();
    expect(await limits.checkCodeRequest(phone, "device:d1")).toBeNull();
    // Which still bounds the owner's own SMS.
    for (let i = 0; i < 4; i++) await limits.checkCodeRequest(phone, "user:u1");
    expect(await limits.checkCodeRequest(phone, "user:u1")).toMatchObject({ status: 429 });
  });

  it("ten enrolments naming a number from ten addresses do not lock its parent out", async () => {
    const phone = "+233240007002";
    for (let i = 0; i < 10; i++) expect(await limits.checkEnrolment(`10.9.0.${i}`, phone)).toBeNull();
    expect(await limits.checkEnrolment("10.9.1.1", phone)).toMatchObject({ status: 429 });
    expect(await limits.checkEnrolment("10.9.1.2", phone, "user:parent1")).toBeNull();
  });
});

describe("report links", () => {
  it("one ward's link from anywhere is refused past its count, another ward's is not; an address past its own", async () => {
    for (let i = 0; i < limits.RATE_LIMITS.reportLinkPerWard; i++)
      expect(await limits.checkReportLink(`10.8.0.${i}`, "ward-a")).toBeNull();
    expect(await limits.checkReportLink("10.8.1.1", "ward-a")).toMatchObject({ status: 429 });
    expect(await limits.checkReportLink("10.8.1.1", "ward-b")).toBeNull();
    // A garbled link names no ward: only its address counts.
    for (let i = 0; i < limits.RATE_LIMITS.reportLinksPerAddress; i++)
      expect(await limits.checkReportLink("10.8.2.1", null)).toBeNull();
    const refused = await limits.checkReportLink("10.8.2.1", null);
    expect(refused).toMatchObject({ status: 429 });
    expect(refused!.retryAfterSeconds).toBeGreaterThan(0);
  });
});
