/**
 * Dates shown to people: stored in UTC, shown in Africa/Accra time (UTC+0,
 * docs/product.md#data-rules). Client-safe, and deterministic between server render and
 * hydration because the time zone is fixed.
 */
export const SCHOOL_TIME_ZONE = "Africa/Accra";

const partsFormatter = new Intl.DateTimeFormat("en-GB", {
  timeZone: SCHOOL_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

const two = (n: number) => (n < 10 ? `0${n}` : String(n));
/** Accra has kept UTC all year, with no daylight saving, since 1942: later dates are read off the UTC fields directly. */
const UTC_SINCE = Date.UTC(1950, 0, 1);

function parts(value: Date | string | number) {
  const date = value instanceof Date ? value : new Date(value);
  const time = date.getTime();
  if (Number.isNaN(time)) return null;
  if (time >= UTC_SINCE) {
    // Same answer as the formatter below, without it (an export formats 100,000 dates; Intl costs ~10 µs each).
    return {
      day: two(date.getUTCDate()),
      month: two(date.getUTCMonth() + 1),
      year: String(date.getUTCFullYear()),
      hour: two(date.getUTCHours()),
      minute: two(date.getUTCMinutes()),
    };
  }
  const p = Object.fromEntries(partsFormatter.formatToParts(date).map((x) => [x.type, x.value]));
  return { day: p.day, month: p.month, year: p.year, hour: p.hour, minute: p.minute };
}

/** 'dd/MM/yyyy HH:mm' (the registration view list and CSV exports). Empty for a missing/invalid date. */
export function formatDateTime(value: Date | string | number | null | undefined): string {
  if (value == null) return "";
  const p = parts(value);
  return p ? `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}` : "";
}

const timestampFormatter = new Intl.DateTimeFormat("en-GB", {
  timeZone: SCHOOL_TIME_ZONE,
  dateStyle: "medium",
  timeStyle: "short",
});

/** '25 Nov 2026, 14:05': when an announcement was sent. */
export function formatTimestamp(value: Date | string | number): string {
  return timestampFormatter.format(new Date(value));
}

/** 'HH:mm' in the school's time zone (a code valid until 14:05). */
export function formatTime(value: Date | string | number): string {
  const p = parts(value);
  return p ? `${p.hour}:${p.minute}` : "";
}

/** 'dd/MM/yyyy'. */
export function formatDate(value: Date | string | number | null | undefined): string {
  if (value == null) return "";
  const p = parts(value);
  return p ? `${p.day}/${p.month}/${p.year}` : "";
}

/** 'yyyy-MM-dd' for file names (registrations_{date}.csv). */
export function fileDate(value: Date | string | number = new Date()): string {
  const p = parts(value);
  return p ? `${p.year}-${p.month}-${p.day}` : "";
}

/** Midnight starting the calendar month of `now` in school time (Accra is UTC+0 all year). */
export function startOfMonth(now: Date = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** True for a real calendar day written `yyyy-mm-dd` (no 2026-02-30, no month 13): the date inputs' one rule. */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/**
 * A filter's "from" and "to" calendar days (`yyyy-mm-dd`, school time) as bounds on a timestamp: from midnight of the
 * first day up to, not including, midnight after the last. Null when neither is given.
 */
export function calendarDayRange(from?: string | null, to?: string | null): { $gte?: Date; $lt?: Date } | null {
  if (!from && !to) return null;
  const range: { $gte?: Date; $lt?: Date } = {};
  if (from) range.$gte = new Date(`${from}T00:00:00Z`);
  if (to) range.$lt = new Date(new Date(`${to}T00:00:00Z`).getTime() + 86_400_000);
  return range;
}

/** "just now", "5 minutes ago", "3 hours ago", "yesterday", "4 days ago": when something happened, for activity lists. */
export function timeAgo(value: Date | string | number, now: Date = new Date()): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(value).getTime()) / 60_000));
  if (minutes < 1) return "just now";
  if (minutes < 60) return minutes === 1 ? "1 minute ago" : `${minutes} minutes ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours === 1 ? "1 hour ago" : `${hours} hours ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? "yesterday" : `${days} days ago`;
}
