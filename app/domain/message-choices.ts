/**
 * What a phone number lets the school send it beyond what always goes (codes, receipts, refusals): three choices, each
 * its own switch on /settings, all three stopped by STOP and started by START.
 * - announcements: the school's announcements, reminders and invitations (evaluation reminders, a new vacation, a
 *   cancelled lesson);
 * - summaries: the weekly progress SMS;
 * - reports: the end-of-vacation report's link.
 */
export type MessageKind = "announcements" | "summaries" | "reports";
export type MessageChoices = Record<MessageKind, boolean>;

/** A number's stored switches: `optedOut` is the announcements' (and, before summaries had their own, theirs too). */
export type StoredStops = { optedOut?: boolean | null; summariesOff?: boolean | null; reportsOff?: boolean | null };

/**
 * Which kinds come to a number. A number that turned off the one switch there was keeps its summaries off until it
 * chooses again; reports come to everyone until turned off.
 */
export function messageChoices(stored: StoredStops | null | undefined): MessageChoices {
  const announcementsOff = stored?.optedOut ?? false;
  return {
    announcements: !announcementsOff,
    summaries: !(stored?.summariesOff ?? announcementsOff),
    reports: !(stored?.reportsOff ?? false),
  };
}

/** The stored switches of a set of choices. */
export function storedStops(choices: MessageChoices): Required<StoredStops> {
  return { optedOut: !choices.announcements, summariesOff: !choices.summaries, reportsOff: !choices.reports };
}
