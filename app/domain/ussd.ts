import { MOMO_NETWORKS, type MomoNetwork } from "#app/domain/checkout.ts";
import { performanceLabel } from "#app/domain/performance.ts";
import { cutToGsm7Units, gsm7Units, smsCedis, toGsm7, withFittingNames } from "#app/domain/sms.ts";
import { LANGUAGE_LABELS, USSD_MAX_LENGTH, type Language, type Say } from "#app/domain/wording.ts";

/**
 * The USSD menu of a parent's phone (docs/phones-without-a-browser.md): what the aggregator shows, screen by screen,
 * from the choices so far (`text`, joined by `*`). A pure function of the caller's wards: the caller's number is the
 * only key, so nothing here can show a registration that number did not give. Every screen goes out in the GSM 7-bit
 * alphabet, the only one every basic phone shows USSD in (Ɛ→E, Ɔ→O, "..." for "…", GHS for "₵"), and is at most 182
 * characters with its `CON `/`END ` prefix. The words are the school's (app/domain/wording.ts), in the caller's language.
 */
export { USSD_MAX_LENGTH };
/** A menu lists at most this many wards (a family rarely has more; the rest are told to call). */
export const USSD_MAX_WARDS = 5;
/** A ward's name on a screen: longer ones are cut (with "..."), so no name pushes a screen over the limit. */
const NAME_MAX = 27;

export type UssdWard = {
  id: string;
  wardName: string;
  programme: string;
  subjectCount: number;
  /** The fees' standing as the portal names it (Unpaid, Part-paid, Paid, Overpaid), or null when no fee is set. */
  feeStatus: string | null;
  amountDue: number | null;
  amountPaid: number;
  lastReceipt: string | null;
  /** The ward's class pages with a usable link, by subject. */
  classPages: readonly { subject: string; link: string }[];
  /** The ward's subjects whose class page is not ready yet. */
  pagesComing?: readonly string[];
  /** Option 7: the ward can enrol again, as last time, for the vacation taking enrolments (its fee, if set). */
  enrolAgain?: { vacation: string; fee: number | null } | null;
  /** Option 6: lessons attended (present or late) of held, overall and per subject (ADR 0107). */
  attendance?: UssdAttendance | null;
  /** Option 6 too: the average percentage of the ward's marked work, or null before any is marked (ADR 0108). */
  average?: number | null;
  /** The vacation of the registration the ward is shown by (its teaching one first). */
  vacation?: string | null;
  /**
   * A ward enrolled in two vacations at once is one ward on the menu: its other registration's fees, named
   * by vacation on the Status and Fees screens and in the STATUS and BAL replies.
   */
  alsoEnrolled?: readonly UssdEnrolment[];
  /**
   * Option 8, while the ward owes fees and the portal can send a Mobile Money prompt: what may be paid now (pesewas;
   * `balance` less what awaits confirmation is the most), and the amount of the ward's last prompt when it was not paid.
   */
  payment?: {
    balance: number;
    min: number;
    lastUnpaid: number | null;
    /** The ward's prompt of this amount waits for the code the network sent (then option 8 asks for it). */
    awaitingCode?: number | null;
  } | null;
};

/** One registration's standing, for a ward enrolled in more than one vacation. */
export type UssdEnrolment = Pick<UssdWard, "feeStatus" | "amountDue" | "amountPaid" | "lastReceipt" | "payment"> & {
  vacation: string;
  /** The registration's id, for paying its fees (option 8). */
  id?: string;
};

export type UssdAttendance = {
  attended: number;
  held: number;
  subjects: readonly { subject: string; attended: number; held: number }[];
};

export type UssdContext = {
  /** "024 000 0001 or 020 000 0002, 7:30am to 5:30pm, Monday to Friday" */
  contact: string;
  /** Where to enrol, without the scheme: "portal.example.org/registration". */
  enrolAt: string;
  serviceCode: string;
  /** The caller's network as the aggregator reports it for the session, when it does. */
  network?: MomoNetwork | null;
};

/** What a screen was, for the office's list of sessions. */
export type UssdScreenName =
  | "language-question"
  | "menu"
  | "status"
  | "fees"
  | "links"
  | "contact"
  | "language"
  | "progress"
  | "enrol-again"
  | "enrolled-again"
  | "not-on-menu"
  | "unknown-caller"
  | "busy"
  | "limited"
  | "pay"
  | "pay-prompted";

export type UssdReply = {
  end: boolean;
  text: string;
  screen: UssdScreenName;
  /** Option 3: the ward whose class-page links go out by SMS. */
  sendLinksFor?: UssdWard;
  /** The caller chose a language on this path (the first screen's question, or option 5). */
  setLanguage?: Language;
  /** Option 7, confirmed: the ward to enrol again, as last time (the service enrols it and texts the reference). */
  enrolAgain?: UssdWard;
  /** Option 8, confirmed: the prompt to send to the caller's phone (the service checks it all again). */
  pay?: { ward: UssdWard; registrationId: string; amount: number; network: MomoNetwork };
  /** Option 8 while a prompt waits for the network's code: the code typed. */
  payCode?: string;
};

/**
 * How the menu speaks: `sayFor` gives the words in a language; `language` is the caller's, or null while the number has
 * none yet, or this USSD session asked it (then the path's first choice is that answer, and is read as such).
 */
export type UssdVoice = { sayFor: (language: Language) => Say; language: Language | null };

const OPTIONS = [
  "ussd.option-status",
  "ussd.option-fees",
  "ussd.option-links",
  "ussd.option-contact",
  "ussd.option-language",
  "ussd.option-progress",
] as const;

/** Cuts a name to `max` characters (with "..."). */
function short(text: string, max = NAME_MAX) {
  const chars = [...text.trim()];
  return chars.length <= max ? chars.join("") : `${chars.slice(0, max - 3).join("")}...`;
}

/** The screen as the aggregator wants it: in 7-bit, never over the limit in 7-bit units (`€` and `[` take two). */
export function renderUssd(reply: UssdReply): string {
  return cutToGsm7Units(toGsm7(`${reply.end ? "END" : "CON"} ${reply.text}`), USSD_MAX_LENGTH);
}

const pickLanguage = (choice: string | undefined): Language | null =>
  choice === "1" ? "en" : choice === "2" ? "tw" : null;

export const contactText = (say: Say, ctx: UssdContext) => say("ussd.contact", { contact: ctx.contact });
export const unknownCallerText = (say: Say, ctx: UssdContext) =>
  say("ussd.unknown-caller", { enrolAt: ctx.enrolAt, contact: ctx.contact });

/**
 * A ward enrolled in two vacations: the ward's name, then each registration's line named by its vacation ("2027 Easter
 * vacation: due GHS …"), the registration it is shown by first, short enough for one screen. Else the one line.
 */
function perEnrolment(w: UssdWard, name: string, line: (w: UssdWard, name: string, short: boolean) => string): string {
  if (!w.alsoEnrolled?.length) return line(w, name, false);
  const lines = [
    line(w, w.vacation ?? name, true),
    ...w.alsoEnrolled.map((e) => line({ ...w, ...e }, e.vacation, true)),
  ];
  return [name, ...lines].join("\n");
}

/** Enrolled, as the portals say of every registration, with the fees' standing. */
export const statusText = (say: Say, w: UssdWard, name = short(w.wardName)) =>
  perEnrolment(w, name, (r, named) => {
    const values = { ward: named, programme: r.programme, subjects: r.subjectCount };
    return r.feeStatus
      ? say("ussd.status", { ...values, feeStatus: r.feeStatus.toLowerCase() })
      : say("ussd.status-no-fee", values);
  });

/** What is due, paid and left; with two vacations, each one's without the receipt (the screen holds both). */
export const feesText = (say: Say, w: UssdWard, name = short(w.wardName)) =>
  perEnrolment(w, name, (r, named, brief) => oneFeesText(say, brief ? { ...r, lastReceipt: null } : r, named));

function oneFeesText(say: Say, w: UssdWard, name: string) {
  if (w.amountDue == null) return say("ussd.no-fee", { ward: name });
  const values = {
    ward: name,
    due: smsCedis(w.amountDue),
    paid: smsCedis(w.amountPaid),
    balance: smsCedis(w.amountDue - w.amountPaid),
  };
  return w.lastReceipt ? say("ussd.fees", { ...values, receipt: w.lastReceipt }) : say("ussd.fees-no-receipt", values);
}

/**
 * Option 6: the ward's attendance, its average mark once work is marked, then each subject's ("Mathematics 1/2") while
 * the screen has room for it (subjects with no lesson held left out).
 */
export function progressText(say: Say, w: UssdWard, name = short(w.wardName)): string {
  const a = w.attendance;
  const fits = (text: string) => gsm7Units(toGsm7(`END ${text}`)) <= USSD_MAX_LENGTH;
  let text =
    !a || a.held === 0
      ? say("ussd.progress-none", { ward: name })
      : say("ussd.progress", {
          ward: name,
          attended: a.attended,
          held: a.held,
          percent: Math.round((a.attended / a.held) * 100),
        });
  // The marks next (ADR 0108), then each subject's attendance, while the screen has room.
  if (w.average != null) {
    const marks = `${text}\n${say("ussd.progress-marks", { average: w.average, label: performanceLabel(w.average) })}`;
    if (fits(marks)) text = marks;
  }
  for (const s of a?.subjects ?? []) {
    if (s.held === 0) continue;
    const next = `${text}\n${s.subject} ${s.attended}/${s.held}`;
    if (!fits(next)) break;
    text = next;
  }
  return text;
}

export const linksText = (say: Say, w: UssdWard, name = short(w.wardName)) =>
  say(w.classPages.length ? "ussd.links-sending" : "ussd.links-not-ready", { ward: name });

/** The next screen for the choices so far. */
export function ussdMenu(text: string, wards: readonly UssdWard[], ctx: UssdContext, voice: UssdVoice): UssdReply {
  let rest = text === "" ? [] : text.split("*").map((c) => c.trim());
  if (wards.length === 0)
    return { end: true, text: unknownCallerText(voice.sayFor(voice.language ?? "en"), ctx), screen: "unknown-caller" };
  let language = voice.language;
  let chosen: Language | undefined;
  if (!language) {
    // The number's first visit (or this session's): the language, once, before anything else.
    if (rest.length === 0)
      return { end: false, text: voice.sayFor("en")("ussd.language-question"), screen: "language-question" };
    const picked = pickLanguage(rest[0]);
    if (!picked) return notOnMenu(voice.sayFor("en"), ctx);
    language = chosen = picked;
    rest = rest.slice(1);
  }
  const say = voice.sayFor(language);
  const reply = wardMenu(rest, wards, ctx, voice, say);
  return chosen && !reply.setLanguage ? { ...reply, setLanguage: chosen } : reply;
}

function wardMenu(
  choices: string[],
  wards: readonly UssdWard[],
  ctx: UssdContext,
  voice: UssdVoice,
  say: Say,
): UssdReply {
  const listed = wards.slice(0, USSD_MAX_WARDS);
  let ward: UssdWard | undefined = listed.length === 1 ? listed[0] : undefined;
  let rest = choices;
  if (!ward) {
    if (rest.length === 0) {
      const lines = listed.map((w, i) => `${i + 1}. ${short(w.wardName, 24)}`);
      return { end: false, text: `${say("ussd.choose-ward")}\n${lines.join("\n")}`, screen: "menu" };
    }
    ward = listed[Number(rest[0]) - 1];
    if (!/^\d$/.test(rest[0]) || !ward) return notOnMenu(say, ctx);
    rest = rest.slice(1);
  }
  if (rest.length === 0) {
    const lines = OPTIONS.map((key, i) => `${i + 1}. ${say(key)}`);
    const text = `${short(ward.wardName)}\n${lines.join("\n")}`;
    // Option 7 while the ward can enrol again, when the school's words leave room for it on the one screen.
    const fits = (screen: string) => gsm7Units(toGsm7(`CON ${screen}`)) <= USSD_MAX_LENGTH;
    const withOffer = `${text}\n7. ${say("ussd.option-enrol-again")}`;
    const menu = ward.enrolAgain && fits(withOffer) ? withOffer : text;
    // Option 8 while there is something to pay and a prompt can be sent, when it fits too.
    const withPay = `${menu}\n8. ${say("ussd.option-pay")}`;
    return { end: false, text: payable(ward).length && fits(withPay) ? withPay : menu, screen: "menu" };
  }
  switch (rest[0]) {
    case "1":
      return { end: true, text: statusText(say, ward), screen: "status" };
    case "2":
      return { end: true, text: feesText(say, ward), screen: "fees" };
    case "3":
      return {
        end: true,
        text: linksText(say, ward),
        screen: "links",
        ...(ward.classPages.length ? { sendLinksFor: ward } : {}),
      };
    case "4":
      return { end: true, text: contactText(say, ctx), screen: "contact" };
    case "5": {
      if (rest.length === 1) return { end: false, text: say("ussd.language-question"), screen: "language-question" };
      const language = pickLanguage(rest[1]);
      if (!language) return notOnMenu(say, ctx);
      const inChosen = voice.sayFor(language);
      return {
        end: true,
        text: inChosen("ussd.language-set", { language: LANGUAGE_LABELS[language] }),
        setLanguage: language,
        screen: "language",
      };
    }
    case "6":
      return { end: true, text: progressText(say, ward), screen: "progress" };
    case "7":
      return enrolAgainScreen(rest.slice(1), ward, ctx, say);
    case "8":
      return payScreen(rest.slice(1), ward, ctx, say);
    default:
      return notOnMenu(say, ctx);
  }
}

/** Option 7: enrol the ward again as last time (its programme and subjects), once the caller says yes. */
function enrolAgainScreen(choices: string[], ward: UssdWard, ctx: UssdContext, say: Say): UssdReply {
  const offer = ward.enrolAgain;
  if (!offer) return notOnMenu(say, ctx);
  const values = { ward: short(ward.wardName), vacation: offer.vacation };
  if (choices.length === 0) {
    const due = offer.fee == null ? "-" : smsCedis(offer.fee);
    const text = say("ussd.enrol-again-confirm", {
      ...values,
      programme: ward.programme,
      subjects: ward.subjectCount,
      due,
    });
    return { end: false, text, screen: "enrol-again" };
  }
  if (choices[0] === "1")
    return { end: true, text: say("ussd.enrolled-again", values), screen: "enrolled-again", enrolAgain: ward };
  if (choices[0] === "2") return { end: true, text: say("ussd.enrol-again-cancelled"), screen: "enrol-again" };
  return notOnMenu(say, ctx);
}

/** The ward's registrations whose fees can be paid now: the one it is shown by, then its other vacation's. */
function payable(
  ward: UssdWard,
): Array<{ id: string; vacation: string | null; payment: NonNullable<UssdWard["payment"]> }> {
  const all = [
    { id: ward.id, vacation: ward.vacation ?? null, payment: ward.payment },
    ...(ward.alsoEnrolled ?? []).map((e) => ({ id: e.id ?? "", vacation: e.vacation, payment: e.payment })),
  ];
  return all.flatMap((r) => (r.payment && r.id ? [{ ...r, payment: r.payment }] : []));
}

/**
 * Option 8: the whole balance or another amount (whole cedis, from the school's smallest payment to the balance), the
 * wallet's network when the aggregator did not say it, then yes or no; yes ends the session with the prompt on its way.
 */
function payScreen(choices: string[], ward: UssdWard, ctx: UssdContext, say: Say): UssdReply {
  const options = payable(ward);
  if (options.length === 0) return notOnMenu(say, ctx);
  // A ward enrolled in two vacations: which one's fees, first.
  let rest = choices;
  let chosen = options[0];
  if (options.length > 1) {
    if (rest.length === 0) {
      const lines = options.map((o, i) => `${i + 1}. ${short(o.vacation ?? "", 40)} ${smsCedis(o.payment.balance)}`);
      return {
        end: false,
        text: `${say("ussd.pay-which", { ward: short(ward.wardName) })}\n${lines.join("\n")}`,
        screen: "pay",
      };
    }
    const picked = /^\d$/.test(rest[0]) ? options[Number(rest[0]) - 1] : undefined;
    if (!picked) return notOnMenu(say, ctx);
    chosen = picked;
    rest = rest.slice(1);
  }
  return payFor(rest, ward, chosen, ctx, say);
}

function payFor(
  choices: string[],
  ward: UssdWard,
  registration: { id: string; payment: NonNullable<UssdWard["payment"]> },
  ctx: UssdContext,
  say: Say,
): UssdReply {
  const p = registration.payment;
  if (p.awaitingCode != null) {
    const amount = smsCedis(p.awaitingCode);
    if (choices.length === 0) return { end: false, text: say("ussd.pay-code", { amount }), screen: "pay" };
    return { end: true, text: say("ussd.pay-code-taken", { amount }), screen: "pay-prompted", payCode: choices[0] };
  }
  const name = short(ward.wardName);
  if (choices.length === 0) {
    const choose = say("ussd.pay-choose", { ward: name, balance: smsCedis(p.balance) });
    const told = p.lastUnpaid ? `${say("ussd.pay-declined", { amount: smsCedis(p.lastUnpaid) })}\n${choose}` : choose;
    const text = gsm7Units(toGsm7(`CON ${told}`)) <= USSD_MAX_LENGTH ? told : choose;
    return { end: false, text, screen: "pay" };
  }
  let amount: number;
  let rest: string[];
  const bounds = { min: smsCedis(p.min), max: smsCedis(p.balance) };
  if (choices[0] === "1") {
    amount = p.balance;
    rest = choices.slice(1);
  } else if (choices[0] === "2") {
    if (choices.length === 1) return { end: false, text: say("ussd.pay-amount", bounds), screen: "pay" };
    amount = /^\d{1,6}$/.test(choices[1]) ? Number(choices[1]) * 100 : 0;
    if (amount < p.min || amount > p.balance)
      return { end: true, text: say("ussd.pay-bad-amount", bounds), screen: "pay" };
    rest = choices.slice(2);
  } else return notOnMenu(say, ctx);
  let network = ctx.network ?? null;
  if (!network) {
    if (rest.length === 0) return { end: false, text: say("ussd.pay-network"), screen: "pay" };
    network = /^[123]$/.test(rest[0]) ? MOMO_NETWORKS[Number(rest[0]) - 1] : null;
    if (!network) return notOnMenu(say, ctx);
    rest = rest.slice(1);
  }
  const values = { ward: name, amount: smsCedis(amount) };
  if (rest.length === 0) return { end: false, text: say("ussd.pay-confirm", values), screen: "pay" };
  if (rest[0] === "1")
    return {
      end: true,
      text: say("ussd.pay-prompted", values),
      screen: "pay-prompted",
      pay: { ward, registrationId: registration.id, amount, network },
    };
  if (rest[0] === "2") return { end: true, text: say("ussd.pay-cancelled"), screen: "pay" };
  return notOnMenu(say, ctx);
}

function notOnMenu(say: Say, ctx: UssdContext): UssdReply {
  return {
    end: true,
    text: say("ussd.not-on-menu", { serviceCode: short(ctx.serviceCode, 20) }),
    screen: "not-on-menu",
  };
}

/** The SMS with a ward's class-page links (option 3, and the LINKS keyword). */
export function classLinksText(say: Say, w: UssdWard): string {
  if (!w.classPages.length) return linksText(say, w, w.wardName);
  const pages = [
    ...w.classPages.map((p) => `${p.subject}: ${p.link}`),
    ...(w.pagesComing ?? []).map((subject) => say("sms.link-coming-soon", { subject })),
  ].join("\n");
  return say("sms.class-links", { ward: w.wardName, pages });
}

/** An inbound SMS's keyword (any letter case, the first word). */
export type SmsKeyword = "status" | "balance" | "links" | "twi" | "english" | "stop" | "start" | "pay" | "otp" | "help";
const KEYWORDS: Record<string, SmsKeyword> = {
  STATUS: "status",
  BAL: "balance",
  BALANCE: "balance",
  LINKS: "links",
  LINK: "links",
  TWI: "twi",
  ENGLISH: "english",
  STOP: "stop",
  UNSUBSCRIBE: "stop",
  START: "start",
  PAY: "pay",
  OTP: "otp",
  CODE: "otp",
};
export function smsKeyword(text: string): SmsKeyword {
  const word = text.trim().split(/\s+/)[0]?.toUpperCase() ?? "";
  return KEYWORDS[word] ?? "help";
}

/**
 * `PAY`, `PAY <amount>` (one ward) or `PAY <n> <amount>` (ward n of the list), amounts in whole cedis, optionally
 * followed by the wallet's network (MTN, TELECEL, AIRTELTIGO); "invalid" for anything else after PAY.
 */
export type PayCommand = { ward: number | null; amount: number | null; network: MomoNetwork | null };
const PAY_NETWORKS: Record<string, MomoNetwork> = {
  MTN: "mtn",
  MOMO: "mtn",
  TELECEL: "telecel",
  VODAFONE: "telecel",
  AIRTELTIGO: "airteltigo",
  AIRTEL: "airteltigo",
  TIGO: "airteltigo",
  AT: "airteltigo",
};
export function smsPayCommand(text: string): PayCommand | "invalid" {
  const words = text.trim().toUpperCase().split(/\s+/).slice(1);
  const last = words.at(-1) ?? "";
  const network = PAY_NETWORKS[last] ?? null;
  const numbers = network ? words.slice(0, -1) : words;
  if (numbers.length > 2 || numbers.some((w) => !/^\d{1,6}$/.test(w))) return "invalid";
  if (numbers.length === 2) return { ward: Number(numbers[0]), amount: Number(numbers[1]) * 100, network };
  return { ward: null, amount: numbers.length === 1 ? Number(numbers[0]) * 100 : null, network };
}

/**
 * What PAY asks for: the ward and amount to send a prompt for, or the reply to send instead (the wards that owe, with
 * how to pay; an amount out of bounds; nothing owed). A number with one ward owing pays it without naming it.
 */
export function smsPayRequest(
  command: PayCommand | "invalid",
  wards: readonly UssdWard[],
  ctx: UssdContext,
  say: Say,
): { reply: string } | { ward: UssdWard; amount: number } {
  if (wards.length === 0) return { reply: unknownCallerText(say, ctx) };
  const listed = wards.slice(0, USSD_MAX_WARDS);
  const owing = listed.filter((w) => w.payment);
  if (owing.length === 0) return { reply: say("sms.pay-nothing") };
  const list = () => {
    const lines = withFittingNames(
      (names) =>
        listed
          .map((w, i) => (w.payment ? `${i + 1}. ${names[i]} ${smsCedis(w.payment.balance)}` : null))
          .filter(Boolean)
          .join("\n"),
      listed.map((w) => w.wardName),
    );
    const n = listed.indexOf(owing[0]) + 1;
    const amount = String(Math.floor(owing[0].payment!.balance / 100));
    return {
      reply: say("sms.pay-list", {
        owed: lines,
        example: owing.length > 1 || listed.length > 1 ? `${n} ${amount}` : amount,
      }),
    };
  };
  if (command === "invalid" || command.amount === null) return list();
  const ward = command.ward === null ? (listed.length === 1 ? listed[0] : null) : listed[command.ward - 1];
  if (!ward?.payment) return list();
  const p = ward.payment;
  if (command.amount < p.min || command.amount > p.balance)
    return {
      reply: say("sms.pay-bad-amount", { ward: ward.wardName, min: smsCedis(p.min), max: smsCedis(p.balance) }),
    };
  return { ward, amount: command.amount };
}

/** The reply to a keyword about the wards: the same content as the USSD screens, one line per ward. */
export function smsKeywordReply(
  keyword: "status" | "balance" | "links" | "help",
  wards: readonly UssdWard[],
  ctx: UssdContext,
  say: Say,
): string {
  if (keyword === "help") return say("sms.help", { serviceCode: ctx.serviceCode, contact: ctx.contact });
  if (wards.length === 0) return unknownCallerText(say, ctx);
  const listed = wards.slice(0, USSD_MAX_WARDS);
  const each = (line: (w: UssdWard, name: string) => string, separator: string) =>
    withFittingNames(
      (names) => listed.map((w, i) => line(w, names[i])).join(separator),
      listed.map((w) => w.wardName),
    );
  if (keyword === "status") return each((w, name) => statusText(say, w, name), "\n");
  if (keyword === "balance") return each((w, name) => feesText(say, w, name), "\n");
  return each((w, name) => classLinksText(say, { ...w, wardName: name }), "\n\n");
}
