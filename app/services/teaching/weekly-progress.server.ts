/**
 * The weekly progress SMS (docs/decisions/0109-weekly-progress-by-sms.md): on Fridays from 4 pm while the teaching
 * vacation's lessons run, one SMS to each parent number with a line per ward enrolled this vacation: lessons attended
 * of held, work missing (due time passed, nothing handed in) and the average of marked work with its band. Not to a
 * number that sent STOP (or unticked it on the portal); not when the school switched it off. The outbox key (vacation,
 * week, number) makes every further run, scheduled or pressed, send nothing again.
 */
import { weekStart } from "#app/domain/lessons.ts";
import { askedOfWard } from "#app/domain/work.ts";
import { weeklyProgressSms, type WardProgress } from "#app/domain/sms-messages.ts";
import { smsLength } from "#app/domain/sms.ts";
import { schoolDay } from "#app/domain/vacations.ts";
import { followedClassesOf } from "#app/services/teaching/classes.server.ts";
import { Assignment } from "#app/models/assignment.server.ts";
import { audit } from "#app/models/audit-log.server.ts";
import { claimJobRun, finishJobRun } from "#app/models/job-run.server.ts";
import { Outbox, queueMessages } from "#app/models/outbox.server.ts";
import { escapeRegex } from "#app/models/whatsapp-group-admin.server.ts";
import { ENROLLED, Registration } from "#app/models/registration.server.ts";
import { getSettings } from "#app/models/settings.server.ts";
import { Submission } from "#app/models/submission.server.ts";
import { vacationPointers } from "#app/models/vacation.server.ts";
import { performanceOfRegistrations } from "#app/services/teaching/handins.server.ts";
import { audienceVoices } from "#app/services/messaging/message-language.server.ts";
import { attendanceOf } from "#app/services/teaching/register.server.ts";
import { appOrigin } from "#app/utils/app-origin.server.ts";

type Family = { phone: string; wards: WardProgress[] };

/**
 * The parents of the wards enrolled in `vacation` (or of one number's), by number, each ward with its figures, wards in
 * enrolment order.
 */
async function families(vacation: string, now: Date, phone?: string): Promise<Family[]> {
  const wards = await Registration.find({
    vacation,
    ...ENROLLED,
    ...(phone ? { whatsappNumberNormalized: phone } : {}),
  })
    .select("_id whatsappNumberNormalized wardName programme subjects createdAt")
    .sort({ createdAt: 1 })
    .lean<
      Array<{
        _id: string;
        whatsappNumberNormalized: string | null;
        wardName: string;
        programme: string;
        subjects: string[];
        createdAt: Date;
      }>
    >();
  const ids = wards.map((w) => String(w._id));
  const [attendance, performance, due, handedIn] = await Promise.all([
    attendanceOf(ids),
    performanceOfRegistrations(ids),
    Assignment.find({ vacation: { $in: [vacation, null] }, dueAt: { $lt: now } })
      .select("_id subject programme classNo dueAt")
      .lean<
        Array<{ _id: string; subject: string; programme: string | null; classNo: number | null; dueAt: Date | null }>
      >(),
    Submission.find(phone ? { registrationId: { $in: ids } } : { vacation })
      .select("registrationId assignmentId")
      .lean<Array<{ registrationId: string; assignmentId: string }>>(),
  ]);
  const done = new Set(handedIn.map((s) => `${s.registrationId} ${s.assignmentId}`));
  // Work set for one class (ADR 0112) is missing only for that class's students.
  const places = due.some((a) => a.classNo) ? await followedClassesOf(vacation, ids) : new Set<string>();
  const does = (a: (typeof due)[number], w: (typeof wards)[number]) =>
    (w.subjects ?? []).includes(a.subject) &&
    (!a.classNo || places.has(`${w._id} ${a.programme} ${a.subject} ${a.classNo}`));
  const byPhone = new Map<string, Family>();
  for (const w of wards) {
    if (!w.whatsappNumberNormalized) continue;
    const id = String(w._id);
    const figures = attendance.get(id)?.overall;
    const family = byPhone.get(w.whatsappNumberNormalized) ?? { phone: w.whatsappNumberNormalized, wards: [] };
    family.wards.push({
      wardName: w.wardName,
      attended: figures?.attended ?? 0,
      held: figures?.held ?? 0,
      // Work due before the ward enrolled was never theirs to hand in.
      missing: due.filter((a) => does(a, w) && !done.has(`${id} ${a._id}`) && askedOfWard(a, w.createdAt, false))
        .length,
      average: performance.get(id)?.overall.percent ?? null,
    });
    byPhone.set(w.whatsappNumberNormalized, family);
  }
  return [...byPhone.values()];
}

/** Every family's text of the week, in its language, but for the numbers that sent STOP; the SMS parts in all. */
async function weekTexts(vacation: string, now: Date) {
  const all = await families(vacation, now);
  const { sayFor, stopped } = await audienceVoices(
    all.map((f) => f.phone),
    "summaries",
  );
  const reached = all.filter((f) => !stopped.has(f.phone));
  const link = `${appOrigin()}/portal`;
  const texts = reached.map((f) => weeklyProgressSms(f.wards, link, sayFor(f.phone)));
  const segments = texts.reduce((sum, t) => sum + smsLength(t).segments, 0);
  return { reached, stopped: all.length - reached.length, texts, segments };
}

const keyPrefix = (vacation: string, week: string) => `weekly-progress:${vacation}:${week}:`;

/**
 * What the admin's page shows without doing the run: the numbers it would reach and those that sent STOP, how many
 * had this week's already, and one parent's text.
 */
export async function weeklyProgressPreview(now = new Date()) {
  const week = weekStart(schoolDay(now));
  const { teaching } = await vacationPointers(now);
  if (!teaching) return { vacation: null, week, phones: 0, stopped: 0, sentThisWeek: 0, segments: 0, sample: null };
  // Every family's text, as the run would send it: the SMS parts in all, as the reports page counts them.
  const [run, sentThisWeek] = await Promise.all([
    weekTexts(teaching.name, now),
    Outbox.countDocuments({ key: { $regex: `^${escapeRegex(keyPrefix(teaching.name, week))}` } }),
  ]);
  const { reached, stopped, texts, segments } = run;
  return {
    vacation: teaching.name,
    week,
    phones: reached.length,
    stopped,
    sentThisWeek,
    segments,
    sample: texts[0] ?? null,
  };
}

export type WeeklyProgressRun = {
  vacation: string | null;
  week: string;
  phones: number;
  stopped: number;
  segments: number;
  queued: number;
  sample: string | null;
};

/**
 * Queues this week's progress SMS of the vacation teaching through the outbox (numbers queued before are left as they
 * are), audited; the counts (numbers reached, numbers that sent STOP, SMS parts, newly queued) and one text.
 */
export async function sendWeeklyProgress(actorId: string, now = new Date()): Promise<WeeklyProgressRun> {
  const week = weekStart(schoolDay(now));
  const { teaching } = await vacationPointers(now);
  if (!teaching) return { vacation: null, week, phones: 0, stopped: 0, segments: 0, queued: 0, sample: null };
  const { reached, stopped, texts, segments } = await weekTexts(teaching.name, now);
  const queued = await queueMessages(
    reached.map((f, i) => ({
      key: `${keyPrefix(teaching.name, week)}${f.phone}`,
      channel: "sms" as const,
      to: f.phone,
      template: "weekly-progress",
      values: { vacation: teaching.name, week },
      text: texts[i],
    })),
  );
  await audit("messages.weekly-progress", actorId, teaching.name, { week, sms: reached.length, queued, segments });
  return {
    vacation: teaching.name,
    week,
    phones: reached.length,
    stopped,
    segments,
    queued,
    sample: texts[0] ?? null,
  };
}

/** Fridays (5) from 16:00 in Accra, which is UTC all year. */
const SEND_WEEKDAY = 5;
const SEND_HOUR = 16;
const STALE_MS = 30 * 60_000;

/**
 * The scheduled run (every few minutes, app/services/messaging/outbox-sender.server.ts): when it is Friday from 4 pm, the switch
 * is on and the teaching vacation's lessons run this week, the first caller of the week claims the run and queues it.
 * Null when nothing was due or another caller has it.
 */
export async function weeklyProgressIfDue(now = new Date()): Promise<WeeklyProgressRun | null> {
  if (now.getUTCDay() !== SEND_WEEKDAY || now.getUTCHours() < SEND_HOUR) return null;
  const [settings, { teaching }] = await Promise.all([getSettings(), vacationPointers(now)]);
  const today = schoolDay(now);
  if (
    !settings.weeklyProgressSms ||
    !teaching ||
    today < teaching.lessonsStart ||
    weekStart(today) > teaching.lessonsEnd
  )
    return null;
  const id = `weekly-progress:${teaching.name}:${weekStart(today)}`;
  if (!(await claimJobRun(id, now, STALE_MS))) return null;
  const run = await sendWeeklyProgress("system", now);
  await finishJobRun(id, run);
  return run;
}
