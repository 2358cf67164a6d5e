import { smsCedis } from "#app/domain/sms.ts";

/**
 * The USSD menu of a parent's phone (docs/phones-without-a-browser.md): what the aggregator shows, screen by screen,
 * from the choices so far (`text`, joined by `*`). A pure function of the caller's wards: the caller's number is the
 * only key, so nothing here can show a registration that number did not give. Every screen is at most 182 characters
 * with its `CON `/`END ` prefix (the aggregator's limit); amounts in GHS, as in SMS: "₵" is not in the GSM alphabet
 * basic phones show USSD in.
 */
export const USSD_MAX_LENGTH = 182;
/** A menu lists at most this many wards (a family rarely has more; the rest are told to call). */
export const USSD_MAX_WARDS = 5;

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
};

export type UssdContext = {
  schoolName: string;
  /** "024 000 0001 or 020 000 0002, 7:30am to 5:30pm, Monday to Friday" */
  contact: string;
  /** Where to enrol, without the scheme: "portal.example.org/registration". */
  enrolAt: string;
  serviceCode: string;
};

export type UssdReply = { end: boolean; text: string; sendLinksFor?: UssdWard };

const MENU = ["Enrolment status", "Fees", "Class pages by SMS", "Contact the school"];

/** Cuts a name to `max` characters (with "…"), so a long name never pushes a screen over the limit. */
function short(text: string, max: number) {
  const chars = [...text.trim()];
  return chars.length <= max ? chars.join("") : `${chars.slice(0, max - 1).join("")}…`;
}

/** The last screen when the portal cannot answer in time, or is too busy to take the callback at all. */
export const BUSY_TEXT = "The service is busy. Please dial again in a minute.";

/** The screen as the aggregator wants it, never over the limit. */
export function renderUssd(reply: UssdReply): string {
  const screen = `${reply.end ? "END" : "CON"} ${reply.text}`;
  const chars = [...screen];
  return chars.length <= USSD_MAX_LENGTH ? screen : `${chars.slice(0, USSD_MAX_LENGTH - 1).join("")}…`;
}

export const contactText = (ctx: UssdContext) => `${ctx.schoolName}: call ${ctx.contact}.`;
export const unknownCallerText = (ctx: UssdContext) =>
  `No registration gives this number. Enrol at ${ctx.enrolAt} or call ${ctx.contact}.`;
/** Enrolled, as the portals say of every registration, with the fees' standing. */
export const statusText = (w: UssdWard) =>
  `${short(w.wardName, 40)}: ${w.programme}, ${w.subjectCount} subject${w.subjectCount === 1 ? "" : "s"}, enrolled${w.feeStatus ? `; fees ${w.feeStatus.toLowerCase()}` : ""}.`;
export function feesText(w: UssdWard) {
  if (w.amountDue == null) return `${short(w.wardName, 40)}: no fee is set yet.`;
  const receipt = w.lastReceipt ? ` Last receipt ${w.lastReceipt}.` : "";
  return `${short(w.wardName, 40)}: due ${smsCedis(w.amountDue)}, paid ${smsCedis(w.amountPaid)}, balance ${smsCedis(w.amountDue - w.amountPaid)}.${receipt}`;
}
export const linksText = (w: UssdWard) =>
  w.classPages.length
    ? `We are sending ${short(w.wardName, 40)}'s class-page links by SMS to this number.`
    : `${short(w.wardName, 40)}'s class pages are not ready yet. We will share them on WhatsApp.`;

/** The next screen for the choices so far. */
export function ussdMenu(text: string, wards: readonly UssdWard[], ctx: UssdContext): UssdReply {
  const choices = text === "" ? [] : text.split("*").map((c) => c.trim());
  if (wards.length === 0) return { end: true, text: unknownCallerText(ctx) };
  const listed = wards.slice(0, USSD_MAX_WARDS);
  let ward: UssdWard | undefined = listed.length === 1 ? listed[0] : undefined;
  let rest = choices;
  if (!ward) {
    if (rest.length === 0) {
      const lines = listed.map((w, i) => `${i + 1}. ${short(w.wardName, 26)}`);
      return { end: false, text: `${ctx.schoolName}: choose a ward\n${lines.join("\n")}` };
    }
    ward = listed[Number(rest[0]) - 1];
    if (!/^\d$/.test(rest[0]) || !ward) return notOnMenu(ctx);
    rest = rest.slice(1);
  }
  if (rest.length === 0) {
    const lines = MENU.map((m, i) => `${i + 1}. ${m}`);
    return { end: false, text: `${short(ward.wardName, 40)}\n${lines.join("\n")}` };
  }
  switch (rest[0]) {
    case "1":
      return { end: true, text: statusText(ward) };
    case "2":
      return { end: true, text: feesText(ward) };
    case "3":
      return { end: true, text: linksText(ward), ...(ward.classPages.length ? { sendLinksFor: ward } : {}) };
    case "4":
      return { end: true, text: contactText(ctx) };
    default:
      return notOnMenu(ctx);
  }
}

function notOnMenu(ctx: UssdContext): UssdReply {
  return { end: true, text: `That choice is not on the menu. Dial ${short(ctx.serviceCode, 20)} again.` };
}

/** The SMS with a ward's class-page links (option 3, and the LINKS keyword). */
export function classLinksText(w: UssdWard): string {
  if (!w.classPages.length) return linksText(w);
  return `${w.wardName}'s class pages:\n${w.classPages.map((p) => `${p.subject}: ${p.link}`).join("\n")}`;
}

/** An inbound SMS's keyword (any letter case, the first word): STATUS, BAL or BALANCE, LINKS; else help. */
export type SmsKeyword = "status" | "balance" | "links" | "help";
export function smsKeyword(text: string): SmsKeyword {
  const word = text.trim().split(/\s+/)[0]?.toUpperCase() ?? "";
  if (word === "STATUS") return "status";
  if (word === "BAL" || word === "BALANCE") return "balance";
  if (word === "LINKS" || word === "LINK") return "links";
  return "help";
}

/** The reply to a keyword: the same content as the USSD screens, one line per ward. */
export function smsKeywordReply(keyword: SmsKeyword, wards: readonly UssdWard[], ctx: UssdContext): string {
  if (wards.length === 0) return unknownCallerText(ctx);
  const listed = wards.slice(0, USSD_MAX_WARDS);
  if (keyword === "status") return listed.map(statusText).join("\n");
  if (keyword === "balance") return listed.map(feesText).join("\n");
  if (keyword === "links") return listed.map(classLinksText).join("\n\n");
  return `${ctx.schoolName}: send STATUS, BAL or LINKS. Or dial ${ctx.serviceCode}. Questions: call ${ctx.contact}.`;
}
