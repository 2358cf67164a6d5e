/**
 * "Create New Class": a facilitator asks the office for a class the timetable does not have yet (a second
 * class of a subject, a subject for a form). Every admin hears of it through the outbox, by e-mail where the account
 * has one, else by SMS to its phone; the request is audited under who made it (and as whom, while an admin views as
 * the facilitator). The same facilitator's request for the same subject goes once a day: a second is refused.
 */
import type { Result } from "#app/domain/result.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { cutToGsm7Units } from "#app/domain/sms.ts";
import { schoolDay } from "#app/domain/vacations.ts";
import { audit, type Actor } from "#app/models/audit-log.server.ts";
import { queueMessages, type NewMessage } from "#app/models/outbox.server.ts";
import { User } from "#app/models/user.server.ts";

export type ClassRequest = { subject: string | null; note: string };
export type ClassRequestResult = Result<{ told: number }, "subject">;

export const CLASS_REQUEST_ALREADY =
  "You asked the office for this class today already: it has your message, and will answer you.";
export const CLASS_REQUEST_SUBJECT = "Choose one of your subjects, or none";

/** Two SMS parts at most: the note is cut to fit; an e-mail carries it whole. */
const SMS_UNITS = 306;

export async function askForClass(
  actor: Actor,
  facilitator: { fullName?: string | null; displayName?: string | null },
  subjects: readonly string[],
  request: ClassRequest,
  now = new Date(),
): Promise<ClassRequestResult> {
  if (request.subject && !subjects.includes(request.subject))
    return { ok: false, status: 400, field: "subject", message: CLASS_REQUEST_SUBJECT };
  const admins = await User.find({ role: "admin", disabledAt: null })
    .select("_id phone email")
    .limit(50)
    .lean<Array<{ _id: string; phone: string | null; email: string | null }>>();
  const name = facilitator.displayName || facilitator.fullName || "A facilitator";
  const what = request.subject ? `a new class of ${request.subject}` : "a new class";
  const text = `${SCHOOL_NAME}: ${name} asks for ${what}: "${request.note}". Admin → Classes.`;
  const key = `class-request:${actor._id}:${schoolDay(now)}:${request.subject ?? "-"}`;
  // By e-mail where the admin has one (the note whole), else by SMS (cut to two parts).
  const messages = admins.flatMap((a): NewMessage[] => {
    const channel = a.email ? "email" : "sms";
    const to = a.email || a.phone;
    if (!to) return [];
    return [
      {
        key: `${key}:${a._id}:${channel}`,
        channel,
        to,
        template: "class-request",
        subject: channel === "email" ? `${name} asks for ${what}` : null,
        text: channel === "email" ? text : cutToGsm7Units(text, SMS_UNITS),
      },
    ];
  });
  const queued = messages.length ? await queueMessages(messages) : 0;
  if (messages.length && queued === 0) return { ok: false, status: 409, message: CLASS_REQUEST_ALREADY };
  await audit("classes.request", actor, null, { subject: request.subject, note: request.note, told: queued });
  return { ok: true, told: queued };
}
