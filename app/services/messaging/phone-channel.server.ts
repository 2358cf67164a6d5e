/**
 * Parents without a smartphone (docs/phones-without-a-browser.md, docs/decisions/0080): the USSD menu and SMS
 * keywords, answered from the caller's number only. Africa's Talking forwards each USSD screen as a form post
 * (`sessionId`, `serviceCode`, `phoneNumber`, `text`) and each inbound SMS (`from`, `to`, `text`, `id`, `date`,
 * `linkId`) to the URLs set in its dashboard; both carry the portal's callback secret in their path.
 */
import { enrolAgainOffers } from "#app/domain/vacations.ts";
import { feeFor } from "#app/domain/fees.ts";
import { getFeeSchedule } from "#app/models/fee-schedule.server.ts";
import { enrolmentOpening } from "#app/services/content/vacations.server.ts";
import { enrolAgainByPhone } from "#app/services/people/enrolment.server.ts";
import {
  PROMPT_OPEN,
  DECLINED,
  PROMPT_NOT_OFFERED,
  refreshGatewayPayment,
  startPhonePrompt,
  submitPromptCode,
} from "#app/services/money/checkout.server.ts";
import { awaitingConfirmation } from "#app/services/money/payments.server.ts";
import { activeGateway } from "#app/services/money/gateway/gateways.server.ts";
import type { ChargeAnswer } from "#app/services/money/gateway/gateway.ts";
import type { Result } from "#app/domain/result.ts";
import { checkoutLimits, networkOfNumber, onlinePaymentRules, type MomoNetwork } from "#app/domain/checkout.ts";
import { smsCedis } from "#app/domain/sms.ts";
import { attendanceOf } from "#app/services/teaching/register.server.ts";
import { performanceOfRegistrations } from "#app/services/teaching/handins.server.ts";
import { randomBytes } from "node:crypto";
import { BlockList, isIP } from "node:net";
import { formatPhone, normalizePhone } from "#app/domain/phone.ts";
import { maskPhone } from "#app/domain/registration.ts";
import { programmeLabel } from "#app/domain/programmes.ts";
import { PAYMENT_STATUS_LABELS, isPaymentStatus } from "#app/domain/money.ts";
import { classPageLinks } from "#app/domain/whatsapp.ts";
import { contactLine } from "#app/domain/school.ts";
import {
  classLinksText,
  renderUssd,
  smsKeyword,
  smsKeywordReply,
  smsPayCommand,
  smsPayRequest,
  unknownCallerText,
  ussdMenu,
  USSD_MAX_WARDS,
  type UssdContext,
  type UssdReply,
  type UssdWard,
} from "#app/domain/ussd.ts";
import { LANGUAGE_LABELS, sayEnglish, sayIn, type Language } from "#app/domain/wording.ts";
import { getSchoolWording } from "#app/models/wording.server.ts";
import { getPhonePreference, setPhoneChoices, setPhoneLanguage } from "#app/models/phone-preference.server.ts";
import { sayTo } from "#app/services/messaging/message-language.server.ts";
import { Registration, type RegistrationDoc } from "#app/models/registration.server.ts";
import { Payment } from "#app/models/payment.server.ts";
import { getGroupsForSubjects } from "#app/models/whatsapp-group.server.ts";
import { queueMessage } from "#app/models/outbox.server.ts";
import { DEMO_PHONE_CALLBACK_SECRET, getSettings, saveSettings, schoolContacts } from "#app/models/settings.server.ts";
import { env } from "#app/models/infra/env.server.ts";
import { InboundSms, UssdSession } from "#app/models/phone-channel-log.server.ts";
import { checkPhoneChannel } from "#app/utils/rate-limits.server.ts";
import { secretMatches } from "#app/utils/secret-match.server.ts";
import { logFor } from "#app/models/infra/log.server.ts";
import { callbacksRefused } from "#app/models/infra/metrics.server.ts";

const log = logFor("phone");
const smsInLog = logFor("sms-in");
const ussdLog = logFor("ussd");

/** The aggregators end a session they have no answer for within seconds: the portal answers before this. */
export const USSD_DEADLINE_MS = Number(process.env.USSD_DEADLINE_MS ?? 4_000);
/** In English: said before anything is read (the deadline passed, the number is over its limit). */
export const BUSY_TEXT = sayEnglish("ussd.busy");
export const LIMITED_TEXT = sayEnglish("ussd.limited");

/** The secret of the USSD and inbound-SMS URLs: Settings → USSD & SMS, else USSD_CALLBACK_SECRET. Null: none set. */
export async function phoneCallbackSecret(): Promise<string | null> {
  const settings = await getSettings();
  const secret = settings.phoneCallbackSecret || process.env.USSD_CALLBACK_SECRET?.trim() || null;
  // The demo's secret is published in the README: it opens nothing outside demo mode.
  if (secret === DEMO_PHONE_CALLBACK_SECRET && !env.demo) return null;
  return secret;
}

/** A new secret (24 random bytes, URL-safe), stored; the old URLs stop working at once. */
export async function replacePhoneCallbackSecret(): Promise<string> {
  const secret = randomBytes(24).toString("base64url");
  await saveSettings({ phoneCallbackSecret: secret });
  return secret;
}

/**
 * PHONE_CALLBACK_ADDRESSES: the aggregator's addresses (comma-separated, single addresses or CIDR ranges, as its
 * documentation lists them). Set, a callback from anywhere else is answered 404 before its secret is looked at, so
 * the secret alone (in a leaked log, say) does not let a stranger read a number's wards or use up its screens. Unset:
 * any address, the secret deciding.
 */
const warned = new Set<string>();

export function callbackAddressAllowed(address: string, list = process.env.PHONE_CALLBACK_ADDRESSES): boolean {
  const entries = (list ?? "")
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length === 0) return true;
  const allowed = new BlockList();
  for (const entry of entries) {
    const [ip, bits] = entry.split("/");
    const type = isIP(ip) === 6 ? "ipv6" : "ipv4";
    try {
      if (!isIP(ip)) throw new Error("not an address");
      if (bits) allowed.addSubnet(ip, Number(bits), type);
      else allowed.addAddress(ip, type);
    } catch {
      // A typo refuses that entry, never every callback (and is said once per process).
      if (!warned.has(entry)) log.warn(`PHONE_CALLBACK_ADDRESSES: "${entry.slice(0, 60)}" is not an address or range`);
      warned.add(entry);
    }
  }
  const clean = address.replace(/^::ffff:/, "");
  const ok = isIP(clean) ? allowed.check(clean, isIP(clean) === 6 ? "ipv6" : "ipv4") : false;
  if (!ok) callbacksRefused.inc({ callback: "phone", reason: "address" });
  return ok;
}

/**
 * Compared in constant time; with no secret set, nothing matches (the URLs answer 404). Only the aggregator chosen under
 * Settings → USSD & SMS is answered: the other's URLs are a 404 too.
 */
async function phoneCallbackSecretMatches(aggregator: string, given: string | undefined): Promise<boolean> {
  const settings = await getSettings();
  const ok = settings.phoneAggregator === aggregator && secretMatches(await phoneCallbackSecret(), given);
  if (!ok) callbacksRefused.inc({ callback: "phone", reason: "secret" });
  return ok;
}

const AGGREGATORS = new Set(["africastalking", "hubtel"]);

/**
 * A phone callback (USSD or an incoming SMS) is the school's aggregator's: a known aggregator, the one the settings
 * name, from an allowed address, with the secret in its path. Checked before anything of the request is read.
 */
export async function phoneCallbackAuthenticated(
  path: { aggregator: string; secret: string | undefined },
  clientAddress: string,
): Promise<boolean> {
  return (
    AGGREGATORS.has(path.aggregator) &&
    callbackAddressAllowed(clientAddress) &&
    (await phoneCallbackSecretMatches(path.aggregator, path.secret))
  );
}

async function context(origin: string): Promise<UssdContext> {
  const settings = await getSettings();
  return {
    contact: contactLine(schoolContacts(settings)),
    enrolAt: `${origin.replace(/^https?:\/\//, "")}/registration`,
    serviceCode: settings.ussdServiceCode || "the school's code",
  };
}

/**
 * The wards whose registration gives `phone` (normalised) as the parent's WhatsApp number, as the menu reads them:
 * each ward once, by its registration of the vacation teaching (else the newest of the vacations now, else its latest),
 * with its other vacation's fees beside it when it is enrolled in both, and option 7 while it can enrol for a
 * vacation taking enrolments (the first it is not in, the running one first).
 */
export async function wardsForNumber(phone: string, options: { payments?: boolean } = {}): Promise<UssdWard[]> {
  const [all, opening] = await Promise.all([
    Registration.find({ whatsappNumberNormalized: phone })
      .select(
        "_id wardName wardNameKey wardWhatsappNormalized wardForm vacation programme subjects subjectCount amountDue amountPaid paymentStatus createdAt",
      )
      .sort({ createdAt: -1 })
      .limit(50)
      .lean<RegistrationDoc[]>(),
    enrolmentOpening(),
  ]);
  // Each ward once, oldest first: by its registration of the vacation teaching, else its newest of the
  // vacations now (teaching, taking enrolments), else its newest; its registration of the other vacation now (a ward
  // enrolled again for the next one) stays beside it for the fees. Two programmes in one vacation are two entries.
  const current = new Set([opening.teaching?.name, ...opening.vacations.map((v) => v.name)].filter(Boolean));
  const key = (r: RegistrationDoc) => `${r.wardWhatsappNormalized} ${r.wardNameKey}`;
  const byWard = new Map<string, RegistrationDoc[]>();
  for (const r of all) byWard.set(key(r), [...(byWard.get(key(r)) ?? []), r]);
  const wards = [...byWard.values()].flatMap((own) => {
    const now = own.filter((r) => current.has(r.vacation ?? ""));
    const shown = now.find((r) => r.vacation === opening.teaching?.name) ?? now[0] ?? own[0];
    const rest = now.filter((r) => r !== shown);
    return [
      { shown, others: rest.filter((r) => r.vacation !== shown.vacation) },
      ...rest.filter((r) => r.vacation === shown.vacation).map((r) => ({ shown: r, others: [] })),
    ];
  });
  const listed = wards
    .sort((a, b) => +new Date(a.shown.createdAt) - +new Date(b.shown.createdAt))
    .slice(0, USSD_MAX_WARDS);
  const regs = listed.map((w) => w.shown);
  const offers = opening.open ? enrolAgainOffers(all, opening.vacations) : [];
  const offered = [...new Set(offers.map((o) => o.vacation))];
  const [schedules, attendance, performance] = await Promise.all([
    Promise.all(offered.map(async (name) => [name, await getFeeSchedule(name)] as const)).then((e) => new Map(e)),
    attendanceOf(regs.map((r) => String(r._id))),
    performanceOfRegistrations(regs.map((r) => String(r._id))),
  ]);
  const lastReceipt = async (r: RegistrationDoc) =>
    (
      await Payment.findOne({ registrationId: String(r._id), state: "confirmed" })
        .sort({ createdAt: -1 })
        .select("receiptCode")
        .lean<{ receiptCode: string | null }>()
    )?.receiptCode ?? null;
  const standing = async (r: RegistrationDoc) => ({
    feeStatus: isPaymentStatus(r.paymentStatus) ? PAYMENT_STATUS_LABELS[r.paymentStatus] : null,
    amountDue: r.amountDue ?? null,
    amountPaid: r.amountPaid ?? 0,
    lastReceipt: await lastReceipt(r),
  });
  return Promise.all(
    listed.map(async ({ shown: r, others }) => {
      const [fees, groups, alsoEnrolled, payment] = await Promise.all([
        standing(r),
        getGroupsForSubjects(r, "student"),
        Promise.all(
          others.map(async (o) => ({
            vacation: o.vacation ?? "",
            id: String(o._id),
            ...(await standing(o)),
            ...(options.payments ? { payment: await paymentOffer(o) } : {}),
          })),
        ),
        options.payments ? paymentOffer(r) : null,
      ]);
      const pages = classPageLinks(r.subjects ?? [], groups);
      const classPages = pages.flatMap((p) => (p.link ? [{ subject: p.subject, link: p.link }] : []));
      const offer = offers.find((o) => o.registrationId === String(r._id));
      const figures = attendance.get(String(r._id));
      return {
        id: String(r._id),
        wardName: r.wardName,
        programme: programmeLabel(r.programme),
        subjectCount: r.subjectCount ?? r.subjects?.length ?? 0,
        ...fees,
        vacation: r.vacation ?? null,
        ...(alsoEnrolled.length ? { alsoEnrolled } : {}),
        classPages,
        pagesComing: pages.filter((p) => !p.link).map((p) => p.subject),
        enrolAgain: offer
          ? {
              vacation: offer.vacation,
              fee: feeFor(
                schedules.get(offer.vacation) ?? null,
                r.programme,
                r.subjectCount ?? r.subjects?.length ?? 0,
              ),
            }
          : null,
        average: performance.get(String(r._id))?.overall.percent ?? null,
        ...(payment ? { payment } : {}),
        attendance: figures
          ? {
              attended: figures.overall.attended,
              held: figures.overall.held,
              // In the registration's order of subjects.
              subjects: (r.subjects ?? []).map((subject) => ({
                subject,
                attended: figures.bySubject.get(subject)?.attended ?? 0,
                held: figures.bySubject.get(subject)?.held ?? 0,
              })),
            }
          : null,
      };
    }),
  );
}

/** A day: a prompt not paid in that time is no longer told of on the pay screen. */
const UNPAID_TOLD_MS = 24 * 3600_000;

/**
 * Option 8's figures for one registration: what may be paid now (the balance less what awaits confirmation, an open
 * prompt included, within the school's smallest payment), and the amount of its last prompt when it was not paid.
 */
async function paymentOffer(r: RegistrationDoc): Promise<UssdWard["payment"]> {
  const id = String(r._id);
  const [schedule, awaiting, last] = await Promise.all([
    getFeeSchedule(r.vacation ?? null),
    awaitingConfirmation(id),
    Payment.findOne({ registrationId: id, method: "gateway-momo" })
      .sort({ createdAt: -1 })
      .select("state amount createdAt chargeStep")
      .lean<{ state: string; amount: number; createdAt: Date; chargeStep?: string | null }>(),
  ]);
  const limits = checkoutLimits(r.amountDue, r.amountPaid, onlinePaymentRules(schedule), awaiting);
  if (last?.state === "pending" && last.chargeStep === "otp")
    return { balance: limits?.balance ?? 0, min: limits?.min ?? 0, lastUnpaid: null, awaitingCode: last.amount };
  if (!limits || limits.balance <= 0) return null;
  const unpaid = last?.state === "rejected" && Date.now() - +new Date(last.createdAt) < UNPAID_TOLD_MS;
  return { balance: limits.balance, min: limits.min, lastUnpaid: unpaid ? last.amount : null };
}

/**
 * A prompt the caller answered since the last visit: each of the number's open gateway payments is verified with the
 * gateway before the menu shows the balance, so that a prompt approved shows as paid and one declined as not paid.
 */
async function settleOpenPrompts(phone: string) {
  const open = await Registration.find({ whatsappNumberNormalized: phone, openCheckout: { $ne: null } })
    .select("openCheckout")
    .limit(10)
    .lean<Array<{ openCheckout: string | null }>>();
  for (const r of open)
    if (r.openCheckout && !r.openCheckout.startsWith("claim:")) await refreshGatewayPayment(r.openCheckout);
}

function withDeadline<T>(work: Promise<T>, fallback: T, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(fallback), ms)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export type UssdRequest = {
  sessionId: string;
  serviceCode: string;
  phoneNumber: string;
  text: string;
  /** The caller's network, when the aggregator says it (Hubtel's `Operator`, Africa's Talking's `networkCode`). */
  network?: MomoNetwork | null;
};

/** One screen: whether it ends the session, and its text (7-bit, at most 178 characters: 182 with "CON "/"END "). */
export type UssdScreen = { end: boolean; text: string };

/**
 * One USSD screen for the choices so far (`text`, joined by `*`), whichever aggregator asked. The number's language
 * decides the words; a number with wards but no language yet is asked first, once. The session that showed the question
 * is marked so (before the screen goes out), and its path is read after that answer to the end, whatever the number's
 * language becomes meanwhile (a TWI by SMS, another session).
 */
export async function answerUssd(
  request: UssdRequest,
  origin: string,
  deadlineMs = USSD_DEADLINE_MS,
): Promise<UssdScreen> {
  const phone = normalizePhone(request.phoneNumber);
  const masked = maskPhone(formatPhone(phone ?? request.phoneNumber));
  const work = async (): Promise<{ reply: UssdReply; last: string; askedLanguage?: boolean }> => {
    const ctx = await context(origin);
    if (!phone)
      return {
        reply: { end: true, text: unknownCallerText(sayEnglish, ctx), screen: "unknown-caller" },
        last: "unknown-caller",
      };
    if (await checkPhoneChannel(phone))
      return { reply: { end: true, text: LIMITED_TEXT, screen: "limited" }, last: "limited" };
    const prompts = Boolean((await activeGateway())?.chargeMobileMoney);
    if (prompts && request.text === "") await settleOpenPrompts(phone);
    const [wards, preference, school, session] = await Promise.all([
      wardsForNumber(phone, { payments: prompts }),
      getPhonePreference(phone),
      getSchoolWording(),
      UssdSession.findById(request.sessionId.slice(0, 100)).select("languageAsked").lean<{ languageAsked?: boolean }>(),
    ]);
    const asking = Boolean(session?.languageAsked) || !preference?.language;
    const sayFor = (language: Language) => sayIn(language, school);
    const reply = ussdMenu(
      request.text,
      wards,
      { ...ctx, network: request.network ?? null },
      {
        sayFor,
        language: asking ? null : (preference?.language ?? "en"),
      },
    );
    if (reply.setLanguage && reply.setLanguage !== preference?.language)
      await setPhoneLanguage(phone, reply.setLanguage);
    // Option 7, confirmed: the ward enrolled again as last time; its new reference goes out by SMS. When that could not
    // be done (registration closed meanwhile, a race lost to another enrolment of the ward), the caller is told so.
    let screen = reply;
    if (reply.enrolAgain && !(await enrolAgainByPhone(reply.enrolAgain.id, phone))) {
      const say = sayFor(reply.setLanguage ?? preference?.language ?? "en");
      screen = {
        end: true,
        screen: "enrol-again",
        text: say("ussd.enrol-again-failed", { ward: reply.enrolAgain.wardName, contact: ctx.contact }),
      };
    }
    // Option 8, confirmed: the prompt goes to the caller's own number, which the registration names as the parent's.
    if (reply.pay) {
      const { ward, registrationId, amount, network } = reply.pay;
      const started = await startPhonePrompt({
        registrationId,
        amount,
        network,
        payer: { _id: `ussd:${phone}`, phone },
        viewedAsBy: null,
        origin,
      });
      const say = sayFor(reply.setLanguage ?? preference?.language ?? "en");
      const reason = promptNotStarted(started);
      if (!started.ok && started.message === PROMPT_OPEN)
        screen = { end: true, screen: "pay", text: say("ussd.pay-open", { ward: ward.wardName }) };
      else if (reason) screen = { end: true, screen: "pay", text: say("ussd.pay-not-started", { reason }) };
    }
    // Option 8 while a prompt waits for the network's code: the code goes to the gateway, then the prompt comes.
    if (reply.payCode) {
      const reason = promptNotStarted(await submitPromptCode(phone, reply.payCode));
      const say = sayFor(reply.setLanguage ?? preference?.language ?? "en");
      if (reason) screen = { end: true, screen: "pay", text: say("ussd.pay-not-started", { reason }) };
    }
    if (reply.sendLinksFor) {
      const ward = reply.sendLinksFor;
      const say = sayFor(reply.setLanguage ?? preference?.language ?? "en");
      await queueMessage({
        key: `ussd-links:${request.sessionId}:${ward.id}`,
        channel: "sms",
        to: phone,
        template: "class-links",
        values: { wardName: ward.wardName, pages: ward.classPages.length },
        text: classLinksText(say, ward),
      });
    }
    // The question goes out: this session's answers begin with its answer (kept with the session, below).
    return { reply: screen, last: screen.screen, askedLanguage: asking && reply.screen === "language-question" };
  };
  const { reply, last, askedLanguage } = await withDeadline(
    work(),
    { reply: { end: true, text: BUSY_TEXT, screen: "busy" }, last: "busy" },
    deadlineMs,
  );
  const screen = renderUssd(reply);
  ussdLog.info(
    `session=${request.sessionId.slice(0, 40)} number=${masked} choices=${request.text.split("*").length} ${last}`,
  );
  const recorded = UssdSession.updateOne(
    { _id: request.sessionId.slice(0, 100) },
    {
      $set: {
        phoneMasked: masked,
        serviceCode: request.serviceCode.slice(0, 30),
        // The network's code typed at option 8 is a one-time secret: the record keeps the path without it.
        text: (reply.payCode ? request.text.replace(/[^*]*$/, "(code)") : request.text).slice(0, 100),
        last,
        ...(askedLanguage ? { languageAsked: true } : {}),
      },
      $inc: { screens: 1 },
    },
    { upsert: true },
  ).catch((error: unknown) => ussdLog.error({ err: error }, "the session was not recorded"));
  // Kept before the language question goes out (the answer's screen reads it); any other screen does not wait.
  if (askedLanguage) await recorded;
  return { end: reply.end, text: screen.slice(4) };
}

/** Why a prompt (or the code it waited for) went nowhere: the service's refusal, or the network's decline. */
function promptNotStarted(result: Result<{ answer: ChargeAnswer }>): string | null {
  if (!result.ok) return result.message;
  return result.answer.state === "failed" ? (result.answer.message ?? DECLINED) : null;
}

/**
 * PAY by SMS: the wards that owe and how to pay, or, with an amount, the same prompt as the USSD menu's option 8 to
 * this number, on the network its words name, else the one its prefix was issued by.
 */
async function payBySms(phone: string, text: string, origin: string): Promise<string> {
  const say = await sayTo(phone);
  const gateway = await activeGateway();
  if (!gateway?.chargeMobileMoney) return say("sms.pay-not-started", { reason: PROMPT_NOT_OFFERED });
  await settleOpenPrompts(phone);
  const command = smsPayCommand(text);
  const asked = smsPayRequest(command, await wardsForNumber(phone, { payments: true }), await context(origin), say);
  if ("reply" in asked) return asked.reply;
  const network = (command !== "invalid" && command.network) || networkOfNumber(phone) || "mtn";
  const started = await startPhonePrompt({
    registrationId: asked.ward.id,
    amount: asked.amount,
    network,
    payer: { _id: `sms:${phone}`, phone },
    viewedAsBy: null,
    origin,
  });
  const reason = promptNotStarted(started);
  if (reason) return say("sms.pay-not-started", { reason });
  return say("sms.pay-prompted", { ward: asked.ward.wardName, amount: smsCedis(asked.amount) });
}

/** Africa's Talking's answer: the screen as plain text, `CON …` or `END …`. */
export const africasTalkingScreen = (screen: UssdScreen) => `${screen.end ? "END" : "CON"} ${screen.text}`;

export type InboundSmsRequest = { from: string; text: string; id: string };

/**
 * An SMS to the school's number, from either aggregator: STATUS, BAL (BALANCE) or LINKS in any letter case gets the
 * same content as the USSD screens; TWI or ENGLISH sets the number's language; STOP stops announcements, summaries
 * and reports (never codes or receipts) and START brings them all back; anything else gets a short help. The reply goes
 * through the outbox. The aggregator's message id makes a callback delivered twice answered once; replies count
 * against the number's limit with the USSD screens.
 */
export async function answerInboundSms(
  request: InboundSmsRequest,
  origin: string,
): Promise<"queued" | "limited" | "repeat" | "invalid"> {
  const phone = normalizePhone(request.from);
  if (!phone || !request.id) return "invalid";
  const keyword = smsKeyword(request.text);
  const seen = await InboundSms.exists({ providerId: request.id.slice(0, 100) });
  if (seen) return "repeat";
  const limited = Boolean(await checkPhoneChannel(phone));
  // The number's own choices take effect before the message is recorded as seen, so that a failure after this point
  // leaves the provider's retry to apply them again (they are idempotent). A STOP is honoured even past the limit:
  // it asks for fewer messages, not more.
  const language: Language | null = keyword === "twi" ? "tw" : keyword === "english" ? "en" : null;
  if (language) await setPhoneLanguage(phone, language);
  if (keyword === "stop" || keyword === "start") {
    const on = keyword === "start";
    await setPhoneChoices(phone, { announcements: on, summaries: on, reports: on });
  }
  try {
    await InboundSms.create({
      providerId: request.id.slice(0, 100),
      fromMasked: maskPhone(formatPhone(phone)),
      keyword,
      replied: !limited,
    });
  } catch (error) {
    if ((error as { code?: number }).code === 11000) return "repeat";
    throw error;
  }
  smsInLog.info(`number=${maskPhone(formatPhone(phone))} keyword=${keyword}${limited ? " limited" : ""}`);
  if (limited) return "limited";
  let text: string;
  if (keyword === "twi" || keyword === "english") {
    const chosen: Language = keyword === "twi" ? "tw" : "en";
    text = sayIn(chosen, await getSchoolWording())("sms.language-set", { language: LANGUAGE_LABELS[chosen] });
  } else if (keyword === "stop" || keyword === "start") {
    text = (await sayTo(phone))(keyword === "stop" ? "sms.stopped" : "sms.started");
  } else if (keyword === "pay") {
    text = await payBySms(phone, request.text, origin);
  } else if (keyword === "otp") {
    const say = await sayTo(phone);
    const taken = await submitPromptCode(phone, request.text.trim().split(/\s+/)[1] ?? "");
    const reason = promptNotStarted(taken);
    text =
      taken.ok && !reason
        ? say("sms.otp-taken", { amount: smsCedis(taken.amount) })
        : say("sms.pay-not-started", { reason: reason ?? DECLINED });
  } else {
    text = smsKeywordReply(keyword, await wardsForNumber(phone), await context(origin), await sayTo(phone));
  }
  await queueMessage({
    key: `sms-reply:${request.id.slice(0, 100)}`,
    channel: "sms",
    to: phone,
    template: `reply:${keyword}`,
    values: { keyword },
    text,
  });
  return "queued";
}

/** The office's view: the latest sessions and inbound messages, numbers masked as stored. */
export async function phoneChannelActivity() {
  const [sessions, inbound] = await Promise.all([
    UssdSession.find().sort({ updatedAt: -1 }).limit(30).lean(),
    InboundSms.find().sort({ createdAt: -1 }).limit(30).lean(),
  ]);
  return { sessions, inbound };
}
