import { describe, expect, it } from "vitest";
import { messageChoices, storedStops } from "#app/domain/message-choices.ts";

describe("messageChoices", () => {
  it("gives every kind to a number that chose nothing", () => {
    expect(messageChoices(null)).toEqual({ announcements: true, summaries: true, reports: true });
  });

  it("keeps summaries off for a number that had turned the one switch off, and its reports on", () => {
    expect(messageChoices({ optedOut: true })).toEqual({ announcements: false, summaries: false, reports: true });
  });

  it("follows each switch once chosen, whatever the old one said", () => {
    expect(messageChoices({ optedOut: true, summariesOff: false, reportsOff: true })).toEqual({
      announcements: false,
      summaries: true,
      reports: false,
    });
  });

  it("stores what it reads back", () => {
    const choices = { announcements: true, summaries: false, reports: false };
    expect(messageChoices(storedStops(choices))).toEqual(choices);
  });
});
