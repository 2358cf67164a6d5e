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

function parts(value: Date | string | number) {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const p = Object.fromEntries(partsFormatter.formatToParts(date).map((x) => [x.type, x.value]));
  return { day: p.day, month: p.month, year: p.year, hour: p.hour, minute: p.minute };
}

/** 'dd/MM/yyyy HH:mm' (the registration view list and CSV exports). Empty for a missing/invalid date. */
export function formatDateTime(value: Date | string | number | null | undefined): string {
  if (value == null) return "";
  const p = parts(value);
  return p ? `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}` : "";
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
