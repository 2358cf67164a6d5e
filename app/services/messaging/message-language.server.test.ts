import { describe, expect, it } from "vitest";
import { useTestDatabase } from "#tests/support/test-database.ts";
import { PhonePreference, setPhoneChoices } from "#app/models/phone-preference.server.ts";
import { audienceVoices } from "#app/services/messaging/message-language.server.ts";

useTestDatabase("message_language_test");

describe("audienceVoices", () => {
  it("leaves out of each kind only the numbers that stopped that kind", async () => {
    const legacy = "+233240001111"; // turned off the one switch there was
    const noReports = "+233240002222";
    const all = "+233240003333";
    await PhonePreference.create({ _id: legacy, optedOut: true });
    await setPhoneChoices(noReports, { announcements: true, summaries: true, reports: false });
    const phones = [legacy, noReports, all];
    const stopped = async (kind?: "announcements" | "summaries" | "reports") =>
      [...(await audienceVoices(phones, kind)).stopped].sort();
    expect(await stopped()).toEqual([legacy]);
    expect(await stopped("summaries")).toEqual([legacy]);
    expect(await stopped("reports")).toEqual([noReports]);
  });
});
