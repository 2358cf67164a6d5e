/**
 * Ghana's statutory public holidays that fall on fixed or computable days (Public Holidays Act 2001, as amended in
 * 2019), with the Monday after one that falls on a weekend, offered to the admin as days without lessons (docs/decisions/0104-days-without-lessons.md). The two Eid days
 * follow the moon and are announced each year, and days whose status the law has changed since (Republic Day,
 * Founders' Day) are not offered: the admin types any such day.
 */
import { addDays } from "#app/domain/vacations.ts";

export type PublicHoliday = { date: string; name: string };

const pad = (n: number) => String(n).padStart(2, "0");
const day = (year: number, month: number, date: number) => `${year}-${pad(month)}-${pad(date)}`;

/** Easter Sunday of a Gregorian year (the anonymous Gregorian computus). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const date = ((h + l - 7 * m + 114) % 31) + 1;
  return day(year, month, date);
}

/** Farmers' Day: the first Friday of December. */
function farmersDay(year: number): string {
  const first = new Date(Date.UTC(year, 11, 1)).getUTCDay();
  return day(year, 12, 1 + ((5 - first + 7) % 7));
}

/**
 * The year's holidays, by date. One that falls on a Saturday or a Sunday is also observed on the next weekday that is
 * not a holiday already ("Christmas Day (observed)"), as Ghana declares each time.
 */
export function ghanaHolidays(year: number): PublicHoliday[] {
  const days = statutory(year);
  const taken = new Set(days.map((h) => h.date));
  const observed: PublicHoliday[] = [];
  for (const h of days) {
    const weekday = new Date(`${h.date}T00:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) continue;
    let day = addDays(h.date, weekday === 6 ? 2 : 1);
    while (taken.has(day)) day = addDays(day, 1);
    taken.add(day);
    observed.push({ date: day, name: `${h.name} (observed)` });
  }
  return [...days, ...observed].sort((x, y) => x.date.localeCompare(y.date));
}

function statutory(year: number): PublicHoliday[] {
  const easter = easterSunday(year);
  return [
    { date: day(year, 1, 1), name: "New Year's Day" },
    { date: day(year, 1, 7), name: "Constitution Day" },
    { date: day(year, 3, 6), name: "Independence Day" },
    { date: addDays(easter, -2), name: "Good Friday" },
    { date: addDays(easter, 1), name: "Easter Monday" },
    { date: day(year, 5, 1), name: "Workers' Day" },
    { date: day(year, 9, 21), name: "Kwame Nkrumah Memorial Day" },
    { date: farmersDay(year), name: "Farmers' Day" },
    { date: day(year, 12, 25), name: "Christmas Day" },
    { date: day(year, 12, 26), name: "Boxing Day" },
  ];
}

/** The holidays from `from` to `to` (both included), by date. */
export function holidaysBetween(from: string, to: string): PublicHoliday[] {
  const years: number[] = [];
  for (let y = Number(from.slice(0, 4)); y <= Number(to.slice(0, 4)) && years.length < 3; y++) years.push(y);
  return years.flatMap(ghanaHolidays).filter((h) => h.date >= from && h.date <= to);
}

/** A day's holiday name, or null. */
export const holidayOn = (date: string): string | null =>
  ghanaHolidays(Number(date.slice(0, 4))).find((h) => h.date === date)?.name ?? null;
