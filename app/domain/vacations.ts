import type { WardForm } from "#app/domain/programmes.ts";

/**
 * A vacation: the unit the school runs on (docs/decisions/0095-one-vacation-after-another.md). Its name is its key: it
 * labels the fees, numbers the receipts ("VC-2027-EASTER-VACATION-000001") and cannot change once anything belongs to
 * it. Dates are school days, "YYYY-MM-DD" in Accra time (UTC all year).
 */
export type Vacation = {
  name: string;
  registrationOpens: string;
  registrationCloses: string;
  lessonsStart: string;
  lessonsEnd: string;
  /** The vacation starts a new school year: a returning ward's form moves up one (a Form 3 ward is not offered one). */
  newSchoolYear: boolean;
  /** Made by the upgrade from the data of the version before vacations: its dates are a guess for the admin to check. */
  datesFromUpgrade: boolean;
};

export const VACATION_NAME_MAX = 40;
export const VACATION_NAME_MIN = 3;

/** Today in the school's time zone (Accra keeps UTC). */
export function schoolDay(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** A day `days` after `day` ("YYYY-MM-DD"). */
export function addDays(day: string, days: number): string {
  const t = Date.parse(`${day}T00:00:00Z`);
  return new Date(t + days * 86_400_000).toISOString().slice(0, 10);
}

export function isSchoolDay(value: unknown): value is string {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const t = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === value;
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "27 October 2025", as the banner says it. */
export function longDay(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return `${d} ${MONTHS[m - 1]} ${y}`;
}

export type VacationState = "upcoming" | "taking-enrolments" | "lessons-running" | "past";

/** Where a vacation stands today: lessons running wins over registration open; past once its last lesson day is over. */
export function vacationState(v: Vacation, today: string): VacationState {
  if (v.lessonsEnd < today) return "past";
  if (v.lessonsStart <= today) return "lessons-running";
  if (v.registrationOpens <= today) return "taking-enrolments";
  return "upcoming";
}

export const VACATION_STATE_LABELS: Record<VacationState, string> = {
  upcoming: "Upcoming",
  "taking-enrolments": "Taking enrolments",
  "lessons-running": "Lessons running",
  past: "Past",
};

const registrationOpenOn = (v: Vacation, today: string) =>
  v.registrationOpens <= today && today <= v.registrationCloses;

/**
 * The vacations taking enrolments today: each whose registration window holds today, the first to teach first (the
 * one running before the next one); empty when no window is open, and then registration is closed.
 */
export function enrollingVacations<V extends Vacation>(vacations: readonly V[], today: string): V[] {
  return vacations
    .filter((v) => registrationOpenOn(v, today))
    .sort((a, b) => (a.lessonsStart < b.lessonsStart ? -1 : a.lessonsStart > b.lessonsStart ? 1 : 0));
}

/**
 * The newest vacation taking enrolments: of two, the later one's lessons (the one last vacation's families are invited
 * to, and whose fees the office sets next); null when no window is open.
 */
export function enrollingVacation<V extends Vacation>(vacations: readonly V[], today: string): V | null {
  return enrollingVacations(vacations, today).at(-1) ?? null;
}

/**
 * The vacations whose registration window, not closed by `today`, shares a day with `dates`' window: opening one
 * beside them has families choose between the two (the office is told so before saving).
 */
export function overlappingWindows<V extends Vacation>(
  dates: Pick<Vacation, "registrationOpens" | "registrationCloses">,
  others: readonly V[],
  today: string,
): V[] {
  return others.filter(
    (o) =>
      o.registrationCloses >= today &&
      o.registrationOpens <= dates.registrationCloses &&
      dates.registrationOpens <= o.registrationCloses,
  );
}

/**
 * The vacation teaching today: the one whose lessons run; between vacations, the last one to have started (its
 * records stay the default until the next one's lessons begin); before any has started, the first to come.
 */
export function teachingVacation<V extends Vacation>(vacations: readonly V[], today: string): V | null {
  let started: V | null = null;
  let first: V | null = null;
  for (const v of vacations) {
    if (v.lessonsStart <= today) {
      if (!started || v.lessonsStart > started.lessonsStart) started = v;
    } else if (!first || v.lessonsStart < first.lessonsStart) first = v;
  }
  return started ?? first;
}

/** The form a returning ward enrols in: one up at a new school year, and none after Form 3 (there is no Form 4). */
export function formForVacation(form: WardForm, vacation: Pick<Vacation, "newSchoolYear">): WardForm | null {
  if (!vacation.newSchoolYear) return form;
  if (form === "form-1") return "form-2";
  if (form === "form-2") return "form-3";
  return null;
}

export type VacationDates = Pick<Vacation, "registrationOpens" | "registrationCloses" | "lessonsStart" | "lessonsEnd">;

/**
 * What is wrong with a vacation's dates, by field: impossible orders, and lessons that overlap another vacation's (two
 * vacations may take enrolments at once, but only one teaches on a day). Empty when they hold.
 */
export function vacationDateErrors(
  dates: VacationDates,
  others: readonly Pick<Vacation, "name" | "lessonsStart" | "lessonsEnd">[],
): Partial<Record<keyof VacationDates, string>> {
  const errors: Partial<Record<keyof VacationDates, string>> = {};
  for (const key of ["registrationOpens", "registrationCloses", "lessonsStart", "lessonsEnd"] as const)
    if (!isSchoolDay(dates[key])) errors[key] = "Enter a date";
  if (Object.keys(errors).length) return errors;
  if (dates.lessonsEnd < dates.lessonsStart) errors.lessonsEnd = "Lessons must end on or after the day they start";
  if (dates.registrationCloses < dates.registrationOpens)
    errors.registrationCloses = "Registration must close on or after the day it opens";
  else if (dates.registrationCloses > dates.lessonsEnd)
    errors.registrationCloses = "Registration must close by the last day of lessons";
  if (dates.registrationOpens > dates.lessonsStart)
    errors.registrationOpens = "Registration must open by the first day of lessons";
  if (!errors.lessonsEnd) {
    const clash = others.find((o) => o.lessonsStart <= dates.lessonsEnd && dates.lessonsStart <= o.lessonsEnd);
    if (clash)
      errors.lessonsStart = `These lessons overlap those of ${clash.name} (${longDay(clash.lessonsStart)} to ${longDay(clash.lessonsEnd)})`;
  }
  return errors;
}

type EarlierRegistration = {
  _id: string;
  wardName: string;
  wardNameKey?: string | null;
  wardWhatsappNormalized?: string | null;
  wardForm: string;
  vacation?: string | null;
};

export type EnrolAgainOffer = { registrationId: string; wardName: string; vacation: string; form: WardForm };

/**
 * "Enrol <ward> for <vacation>": for each vacation taking enrolments (in their order, the running one first), one
 * offer per ward (name and WhatsApp number) enrolled in another vacation and not yet in this one, from the ward's
 * latest registration (`registrations` newest first), in the form the ward moves to; none for a Form 3 ward at a new
 * school year.
 */
export function enrolAgainOffers(
  registrations: readonly EarlierRegistration[],
  enrolling: readonly Pick<Vacation, "name" | "newSchoolYear">[],
): EnrolAgainOffer[] {
  const key = (r: EarlierRegistration) => `${r.wardWhatsappNormalized ?? ""} ${r.wardNameKey ?? r.wardName}`;
  return enrolling.flatMap((vacation) => {
    const enrolled = new Set(registrations.filter((r) => r.vacation === vacation.name).map(key));
    const offers = new Map<string, EnrolAgainOffer>();
    for (const r of registrations) {
      const k = key(r);
      if (enrolled.has(k) || offers.has(k) || !r.vacation) continue;
      const form = formForVacation(r.wardForm as WardForm, vacation);
      // The latest registration decides: a Form 3 ward at a new school year gets no offer from an older one either.
      if (form) offers.set(k, { registrationId: String(r._id), wardName: r.wardName, vacation: vacation.name, form });
      else enrolled.add(k);
    }
    return [...offers.values()];
  });
}

/** The page that enrols a ward again for one vacation (`/enrol-again/:registrationId?vacation=`). */
export function enrolAgainPath(offer: Pick<EnrolAgainOffer, "registrationId" | "vacation">): string {
  return `/enrol-again/${encodeURIComponent(offer.registrationId)}?vacation=${encodeURIComponent(offer.vacation)}`;
}
