/**
 * Vacations as the school runs them (docs/decisions/0095-one-vacation-after-another.md): which one takes enrolments
 * and which one teaches, opening the next one, and telling last vacation's families that they can enrol again.
 */
import { enrolAgainSms } from "#app/domain/sms-messages.ts";
import { smsLength } from "#app/domain/sms.ts";
import { formatReceiptNumber } from "#app/domain/money.ts";
import {
  longDay,
  overlappingWindows,
  schoolDay,
  vacationDateErrors,
  type Vacation,
  type VacationDates,
} from "#app/domain/vacations.ts";
import { refuse, refuseFields, type Result } from "#app/domain/result.ts";
import { audit } from "#app/models/audit-log.server.ts";
import { getFeeSchedule, saveFeeSchedule } from "#app/models/fee-schedule.server.ts";
import { queueMessages } from "#app/models/outbox.server.ts";
import { ENROLLED, Registration } from "#app/models/registration.server.ts";
import { getSettings, schoolContacts } from "#app/models/settings.server.ts";
import { carryTimetables } from "#app/models/timetable.server.ts";
import { insertVacation, listVacations, saveVacationDates, vacationPointers } from "#app/models/vacation.server.ts";
import { renewClassPages } from "#app/models/whatsapp-group.server.ts";
import { appOrigin } from "#app/utils/app-origin.server.ts";
import { audienceVoices } from "#app/services/messaging/message-language.server.ts";

/**
 * Whether the public can enrol now, and for which vacations: each whose registration window holds today (the running
 * one first, which is also `vacation`, a new enrolment's default), while the settings switch "Registration enabled"
 * is on (the switch still closes registration inside a window).
 */
export async function enrolmentOpening() {
  const [settings, pointers] = await Promise.all([getSettings().catch(() => null), vacationPointers()]);
  const vacations = pointers.enrollingAll;
  return {
    open: vacations.length > 0 && (settings?.registrationEnabled ?? true),
    vacation: vacations[0] ?? null,
    vacations,
    /** What the public pages speak of: the vacations taking enrolments, else the one teaching. */
    shown: vacations.length ? vacations : pointers.teaching ? [pointers.teaching] : [],
    teaching: pointers.teaching,
  };
}

/**
 * The vacations a new enrolment may be for: those taking enrolments; for the office, while no window is open, the one
 * it enrols a late ward in (`officeVacation`). Empty when the public cannot enrol, or no vacation exists.
 */
export async function enrolmentChoices(office: boolean): Promise<Vacation[]> {
  const opening = await enrolmentOpening();
  if (!office) return opening.open ? opening.vacations : [];
  if (opening.vacations.length) return opening.vacations;
  const late = await officeVacation();
  return late ? [late] : [];
}

/** The vacations a new enrolment may be for, as the form offers them: each one's name and its lessons' dates. */
export function vacationChoices(vacations: readonly Vacation[]) {
  return vacations.map((v) => ({
    name: v.name,
    lessons: `lessons ${longDay(v.lessonsStart)} to ${longDay(v.lessonsEnd)}`,
  }));
}

/** The banner's line about lessons: of each vacation taking enrolments, else of the one teaching. */
export function lessonsLine(vacations: readonly Vacation[], today: string) {
  if (!vacations.length) return null;
  return vacations
    .map((v) => `${v.name} lessons ${v.lessonsStart <= today ? "began" : "begin"} on ${longDay(v.lessonsStart)}.`)
    .join(" ");
}

/**
 * Where the office enrols a late ward while no registration window is open: the vacation whose lessons run, else the
 * next to come, else the last one.
 */
export async function officeVacation(): Promise<Vacation | null> {
  const { all, today, teaching } = await vacationPointers();
  if (teaching && teaching.lessonsEnd >= today) return teaching;
  return all.find((v) => v.lessonsStart > today) ?? teaching;
}

/**
 * The vacations a class page or timetable added now serves: every vacation not past (the one teaching, and those
 * opened after it). Added before any vacation exists, it serves none until the first is opened, which takes it in.
 */
export async function vacationsServedNow(): Promise<string[]> {
  const { all, today } = await vacationPointers();
  return all.filter((v) => v.lessonsEnd >= today).map((v) => v.name);
}

export type OpenVacationInput = Omit<Vacation, "datesFromUpgrade"> & {
  copyFees: boolean;
  /** The copied fees' deadline; null: the day its lessons start (a copy never keeps the last vacation's date). */
  feesDeadline?: string | null;
  renewClassPages: boolean;
  keepTimetables: boolean;
  /** The office knows another vacation takes enrolments on some of the same days (see overlappingWindows). */
  bothOpen?: boolean;
};

/** The vacation a new one follows: the one with the latest lessons. */
const lastOf = (vacations: readonly Vacation[]) =>
  vacations.reduce<Vacation | null>((last, v) => (!last || v.lessonsStart > last.lessonsStart ? v : last), null);

/** A vacation's new dates, checked against the other vacations' (its name, fees and lessons stay). */
export async function changeVacationDates(
  vacation: Vacation,
  dates: Parameters<typeof saveVacationDates>[1],
  actorId: string,
): Promise<Result<object, keyof VacationDates>> {
  const others = (await listVacations()).filter((v) => v.name !== vacation.name);
  const errors = vacationDateErrors(dates, others);
  if (Object.keys(errors).length) return refuseFields(400, errors);
  await saveVacationDates(vacation.name, dates);
  await audit("vacation.dates", actorId, vacation.name, { before: vacation, after: dates });
  return { ok: true };
}

/**
 * Opens a vacation: its dates checked against the others, then what it takes over from the last one (fees, class
 * pages, timetables). Subjects and their facilitators are the school's, and serve every vacation.
 */
export async function openVacation(
  input: OpenVacationInput,
  actorId: string,
): Promise<Result<object, keyof OpenVacationInput>> {
  const others = await listVacations();
  const errors: Partial<Record<keyof OpenVacationInput, string>> = vacationDateErrors(input, others);
  // Two names that number receipts alike ("Easter-vacation", "easter vacation") are one name.
  const slug = (name: string) => formatReceiptNumber(name, 1);
  if (others.some((o) => slug(o.name) === slug(input.name))) errors.name = "A vacation with this name exists already";
  // Said before saving: while both windows are open, families choose a vacation on the form.
  const alongside = overlappingWindows(input, others, schoolDay());
  if (alongside.length && !input.bothOpen && !Object.keys(errors).length)
    errors.bothOpen = alongside
      .map((o) => `Registration for ${o.name} is open until ${longDay(o.registrationCloses)}.`)
      .concat("While both are open, families choose one of the two on the form: tick this to open it anyway.")
      .join(" ");
  if (Object.keys(errors).length) return refuseFields(400, errors);
  const last = lastOf(others);
  const { copyFees, feesDeadline, renewClassPages: renewPages, keepTimetables, bothOpen: _both, ...vacation } = input;
  if (!(await insertVacation({ ...vacation, datesFromUpgrade: false }, actorId)))
    return refuse(400, "A vacation with this name exists already", "name");
  const carried = { fees: false, classPages: 0, timetables: 0 };
  const fees = last && copyFees ? await getFeeSchedule(last.name) : null;
  if (fees) {
    // The amounts carry over; the deadline is this vacation's (Easter's parents were told Christmas's 31/12).
    await saveFeeSchedule(vacation.name, { ...fees, deadline: feesDeadline ?? vacation.lessonsStart });
    carried.fees = true;
  }
  if (renewPages) carried.classPages = await renewClassPages(last?.name ?? null, vacation.name);
  if (keepTimetables) carried.timetables = await carryTimetables(last?.name ?? null, vacation.name);
  await audit("vacation.open", actorId, vacation.name, { ...vacation, from: last?.name ?? null, carried });
  return { ok: true };
}

type Family = { phone: string; wardNames: string[] };

/**
 * Last vacation's families, for the vacation taking enrolments: the parents (by their WhatsApp number) of the wards
 * enrolled in the vacation before it, less the wards already enrolled in this one and, at a new school year, the Form 3
 * wards (there is no Form 4).
 */
async function familiesToTell(to: Vacation, from: Vacation): Promise<Family[]> {
  const [before, already] = await Promise.all([
    Registration.find({ vacation: from.name, ...ENROLLED })
      .select("whatsappNumberNormalized wardName wardNameKey wardWhatsappNormalized wardForm")
      .lean<
        {
          whatsappNumberNormalized: string;
          wardName: string;
          wardNameKey: string;
          wardWhatsappNormalized: string;
          wardForm: string;
        }[]
      >(),
    Registration.find({ vacation: to.name })
      .select("wardNameKey wardWhatsappNormalized")
      .lean<{ wardNameKey: string; wardWhatsappNormalized: string }[]>(),
  ]);
  const enrolled = new Set(already.map((r) => `${r.wardWhatsappNormalized} ${r.wardNameKey}`));
  const families = new Map<string, Family>();
  for (const r of before) {
    if (!r.whatsappNumberNormalized || enrolled.has(`${r.wardWhatsappNormalized} ${r.wardNameKey}`)) continue;
    if (to.newSchoolYear && r.wardForm === "form-3") continue;
    const family = families.get(r.whatsappNumberNormalized) ?? { phone: r.whatsappNumberNormalized, wardNames: [] };
    if (!family.wardNames.includes(r.wardName)) family.wardNames.push(r.wardName);
    families.set(r.whatsappNumberNormalized, family);
  }
  return [...families.values()];
}

/** The vacation before the one taking enrolments (the one its families come back from), or null. */
export async function invitationPair(): Promise<{ to: Vacation; from: Vacation } | null> {
  const { all, enrolling } = await vacationPointers();
  if (!enrolling) return null;
  const from = lastOf(all.filter((v) => v.lessonsStart < enrolling.lessonsStart));
  return from ? { to: enrolling, from } : null;
}

/**
 * "Tell last vacation's families": one SMS per parent number (all its wards named), in its language, none to a number
 * that sent STOP; the outbox key (vacation and number) makes a second press send nothing again. With `send` false,
 * only the counts the admin sees first.
 */
export async function inviteFamilies(pair: { to: Vacation; from: Vacation }, send: false | { actorId: string }) {
  const families = await familiesToTell(pair.to, pair.from);
  const { sayFor, stopped } = await audienceVoices(families.map((f) => f.phone));
  const reached = families.filter((f) => !stopped.has(f.phone));
  const settings = await getSettings();
  const values = (f: Family) => ({
    vacation: pair.to.name,
    wardNames: f.wardNames,
    link: `${appOrigin()}/portal`,
    serviceCode: settings.ussdServiceCode || schoolContacts(settings).phones[0]!.display,
  });
  const texts = reached.map((f) => enrolAgainSms(values(f), sayFor(f.phone)));
  const segments = texts.reduce((sum, t) => sum + smsLength(t).segments, 0);
  if (send) {
    await queueMessages(
      reached.map((f, i) => ({
        key: `enrol-again:${pair.to.name}:${f.phone}`,
        channel: "sms" as const,
        to: f.phone,
        template: "enrol-again",
        values: { vacation: pair.to.name },
        text: texts[i],
      })),
    );
    await audit("vacation.invite", send.actorId, pair.to.name, { from: pair.from.name, sms: reached.length, segments });
  }
  return { phones: reached.length, stopped: families.length - reached.length, segments, sample: texts[0] ?? null };
}

/** The "all vacations" choice of a list's vacation filter. */
export const ALL_VACATIONS = "all";

/**
 * A list's vacation filter (`?vacation=`): a vacation's name, "all", or nothing, which means the vacation teaching now
 * (the office's lists default to it). `name` is null for every vacation; `options` are the filter's choices.
 */
export async function vacationFilter(asked: string | null | undefined) {
  const { all, teaching, enrollingAll } = await vacationPointers();
  const named = all.find((v) => v.name === asked);
  const name = asked === ALL_VACATIONS ? null : (named?.name ?? teaching?.name ?? null);
  const elsewhere = !named && name ? enrollingAll.find((v) => v.name !== name) : undefined;
  return {
    name,
    /**
     * Shown by default while another vacation takes new enrolments: its name, so that the list can point there (a
     * family enrolled today for it is not in the vacation teaching).
     */
    enrolmentsGoTo: elsewhere?.name ?? null,
    /** Whether the vacation shown takes enrolments too (then the others' are "also" going elsewhere). */
    enrolmentsAlsoHere: enrollingAll.some((v) => v.name === name),
    /** The filter's value as the form shows it. */
    value: name ?? ALL_VACATIONS,
    options: [
      ...[...all].reverse().map((v) => ({ value: v.name, label: v.name })),
      { value: ALL_VACATIONS, label: "All vacations" },
    ],
  };
}
