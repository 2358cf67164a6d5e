/**
 * The school's own wording (docs/messages.md#wording, docs/decisions/0094): every SMS and USSD text the portal sends,
 * with its placeholders, its English default and its limit. The school may write its own English and Twi version of
 * each under Settings → Message wording; a parent's language (English by default) picks the text, English where the
 * school wrote no Twi. The portal ships no machine-made Twi: the school's staff write it.
 */
import { SCHOOL_NAME, SUPPORT_HOURS_MAX } from "#app/domain/school.ts";
import { gsm7Units, smsLength, toGsm7 } from "#app/domain/sms.ts";

export const LANGUAGES = ["en", "tw"] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_LABELS: Record<Language, string> = { en: "English", tw: "Twi" };

/** A USSD screen with its "CON "/"END " prefix holds at most this many 7-bit characters (the aggregators' limit). */
export const USSD_MAX_LENGTH = 182;
const USSD_TEXT_MAX = USSD_MAX_LENGTH - 4;

/**
 * A placeholder's longest value as a text shows it: the limit of every text is checked with these, so a text the
 * school saves never grows past its limit with a real ward's name or amount.
 */
const SAMPLES = {
  school: SCHOOL_NAME,
  ward: "Odomankoma Esi Asantewaa Bo", // names are shortened to 27 characters on USSD screens
  programme: "Business (Accounting)",
  reference: "K7KG-0T2P-WPQK",
  claimCode: "ABCD-2345",
  link: "https://portal.example.org/r/k7kg0t2pwpqk",
  // A report's signed link: the registration, its expiry and its signature (app/utils/report-link.server.ts).
  reportLink: "https://portal.example.org/reports/k7kg0t2pwpqkk7kg0t2pwpqk.abcd.abcdefghijklmnopqrstuv",
  amount: "GHS 1,200.00",
  balance: "GHS 1,200.00",
  min: "GHS 1,200.00",
  max: "GHS 1,200.00",
  due: "GHS 1,200.00",
  paid: "GHS 1,200.00",
  receipt: "VC-2026-EASTER-000123",
  reason: "the amount does not match what the network reports",
  code: "123456",
  minutes: "10",
  purpose: "confirm your phone number",
  title: "Classes resume on Monday",
  message: "A message from the school, as the admin wrote it.",
  closes: "Fri 12 Dec, 5:00 pm",
  pages: "Physics: https://chat.whatsapp.com/AbCdEfGhIj",
  subject: "Food and Nutrition",
  when: "Wednesday 30 Sep, 12:30 PM",
  from: "Wednesday 30 Sep, 12:30 PM",
  subjects: "6",
  feeStatus: "part-paid",
  attended: "120",
  held: "120",
  percent: "100",
  average: "100",
  missing: "12",
  marks: "100% (Needs Improvement)",
  // Two wards' lines of the weekly summary, as long as they come (names of 27, every figure at its widest).
  progress: `${"Odomankoma Esi Asantewaa Bo".padEnd(27)}: 120/120 lessons, 12 work missing, marks 100% (Needs Improvement). ${"Kofi Mensah".padEnd(27)}: 120/120 lessons, 12 work missing, marks 100% (Needs Improvement).`,
  label: "Needs Improvement",
  // Two numbers and the longest hours Settings → General accepts.
  contact: `024 000 0001 or 020 000 0002, ${"7:30am to 5:30pm, Monday to Saturday".padEnd(SUPPORT_HOURS_MAX, ".")}`,
  enrolAt: "portal.example.org/registration",
  serviceCode: "*920*44#",
  language: "English",
  vacation: "2027 Long vacation, Forms 1 and 2 (Accra)".slice(0, 40), // a vacation's name has at most 40
  wards: "Odomankoma Esi Asantewaa Bo and Kofi",
  owed: "1. Odomankoma Esi Asantewaa Bo GHS 1200.00\n2. Odomankoma Esi Asantewaa Bo GHS 1200.00",
  example: "2 1200",
} as const;
export type Placeholder = keyof typeof SAMPLES;

type Item = {
  label: string;
  channel: "sms" | "ussd";
  /** Placeholders the text may use; `required` ones it must keep. */
  placeholders: readonly Placeholder[];
  required: readonly Placeholder[];
  /** SMS: at most this many parts with the longest values. USSD: one screen (182 7-bit characters with its prefix). */
  maxParts?: number;
  /**
   * USSD: at most this many characters, for a text that shares its screen: a menu is a name (27) and five options of at
   * most 26 each; the ward list's title leaves room for five names.
   */
  maxChars?: number;
  /** SMS always sent in the 7-bit alphabet (Ɛ→E): measured as sent, so Twi is not counted at 70 characters a part. */
  gsm7?: boolean;
  /** What it is for, as Settings → Message wording explains it. */
  hint: string;
  english: string;
};

/** A menu option's label: "n. " and the label on each of five lines, under a name of 27, fill one screen. */
const OPTION_MAX = 26;

const sms = (item: Omit<Item, "channel">): Item => ({ maxParts: 3, ...item, channel: "sms" });
const ussd = (item: Omit<Item, "channel" | "maxParts">): Item => ({ ...item, channel: "ussd" });

/** A USSD text's limit in characters (the page's count shows it). */
export const ussdLimit = (key: WordingKey): number => (WORDING[key] as Item).maxChars ?? USSD_TEXT_MAX;

export const WORDING = {
  "sms.enrolment": sms({
    label: "Enrolment",
    hint: "To the parent when a ward is enrolled.",
    placeholders: ["school", "ward", "programme", "reference", "claimCode", "link"],
    required: ["ward", "reference", "claimCode", "link"],
    english:
      "{school}: {ward} is enrolled in {programme}. Ref {reference}, claim code {claimCode}. Class pages: {link}",
  }),
  "sms.payment-confirmed": sms({
    label: "Payment confirmed",
    hint: "To the parent when a payment is confirmed.",
    placeholders: ["school", "ward", "amount", "receipt", "balance", "link"],
    required: ["amount", "receipt", "balance"],
    english: "{school}: payment of {amount} for {ward} received, receipt {receipt}. Balance {balance}. Receipt: {link}",
  }),
  "sms.payment-rejected": sms({
    label: "Payment refused",
    hint: "To the parent when a reported payment could not be confirmed.",
    placeholders: ["school", "ward", "amount", "reason"],
    required: ["amount", "reason"],
    english:
      "{school}: the payment of {amount} for {ward} could not be confirmed: {reason}. Call the school office if you have paid.",
  }),
  "sms.payment-voided": sms({
    label: "Payment cancelled",
    hint: "To the parent when the office cancels a confirmed payment.",
    placeholders: ["school", "ward", "amount", "receipt", "reason", "balance"],
    required: ["amount", "receipt", "reason", "balance"],
    english:
      "{school}: the payment of {amount} for {ward} (receipt {receipt}) was cancelled by the school: {reason}. Balance now {balance}. Call the school office if you have paid.",
  }),
  "sms.code": sms({
    label: "One-time code",
    hint: "A 6-digit code proving a phone (linking, forgot password, admin sign-in).",
    placeholders: ["school", "code", "minutes", "purpose"],
    required: ["code", "minutes"],
    maxParts: 1,
    english:
      "{school}: {code} is your code to {purpose}. It expires in {minutes} minutes. Never share it: the school will not ask for it.",
  }),
  "sms.announcement": sms({
    label: "Announcement",
    hint: "An announcement sent by SMS: the title and the message as the admin wrote them.",
    placeholders: ["school", "title", "message"],
    required: ["title", "message"],
    maxParts: 6,
    english: "{school}: {title}. {message}",
  }),
  "sms.evaluation-reminder": sms({
    label: "Evaluation reminder",
    hint: "To parents who have not answered an evaluation form.",
    placeholders: ["school", "ward", "title", "closes", "link"],
    required: ["title", "link"],
    english: '{school}: how are {ward}\'s classes going? Please answer "{title}" before {closes}: {link}',
  }),
  "sms.enrol-again": sms({
    label: "Enrolment open again",
    hint: "To last vacation's parents when the next vacation takes enrolments (Admin → Vacations).",
    placeholders: ["school", "vacation", "wards", "link", "serviceCode"],
    required: ["vacation", "link"],
    maxParts: 2,
    english: "{school}: enrolment for the {vacation} is open. Enrol {wards} again at {link} or dial {serviceCode}.",
  }),
  "sms.report": sms({
    label: "End-of-vacation report",
    hint: "To each ward's parent when the admin sends reports (Messages → End-of-vacation reports): the link opens the ward's report (a PDF) without signing in, for 30 days.",
    placeholders: ["school", "ward", "vacation", "reportLink"],
    required: ["reportLink"],
    maxParts: 2,
    gsm7: true,
    english: "{school}: {ward}'s report for the {vacation} is ready: {reportLink} (the link works for 30 days)",
  }),
  "sms.weekly-progress": sms({
    label: "Weekly progress",
    hint: "Fridays to each parent while lessons run (Settings → Notifications): their wards' lines below, one after another. It goes in the 7-bit alphabet in at most 2 parts; wards that do not fit are left to the portal.",
    placeholders: ["school", "progress", "link"],
    required: ["progress"],
    maxParts: 2,
    gsm7: true,
    english: "{school} this week: {progress} More: {link}",
  }),
  "sms.weekly-progress-ward": sms({
    label: "Weekly progress, one ward",
    hint: "One ward's line in the weekly progress SMS: lessons attended of held this vacation, work whose due time passed with nothing handed in, and the average of marked work with its band.",
    placeholders: ["ward", "attended", "held", "missing", "marks"],
    required: ["ward"],
    maxParts: 1,
    gsm7: true,
    english: "{ward}: {attended}/{held} lessons, {missing} work missing, marks {marks}.",
  }),
  "sms.lesson-cancelled": sms({
    label: "Lesson cancelled",
    hint: "To a lesson's students when the admin cancels it and chooses to tell them by SMS (Admin → Lessons).",
    placeholders: ["school", "subject", "when"],
    required: ["subject", "when"],
    maxParts: 1,
    english: "{school}: the {subject} lesson of {when} is cancelled. Your schedule on the portal shows your lessons.",
  }),
  "sms.lesson-moved": sms({
    label: "Lesson moved",
    hint: "To a lesson's students when the admin moves it and chooses to tell them by SMS (Admin → Lessons).",
    placeholders: ["school", "subject", "from", "when"],
    required: ["subject", "when"],
    maxParts: 1,
    english: "{school}: the {subject} lesson of {from} moves to {when}. See your schedule on the portal.",
  }),
  "sms.class-links": sms({
    label: "Class pages",
    hint: "A ward's class-page links (USSD option 3, the LINKS keyword).",
    placeholders: ["ward", "pages"],
    required: ["pages"],
    maxParts: 4,
    english: "{ward}'s class pages:\n{pages}",
  }),
  "sms.link-coming-soon": sms({
    label: "Class page coming",
    hint: "A line of Class pages for a subject whose class page is not ready yet.",
    placeholders: ["subject"],
    required: ["subject"],
    maxParts: 1,
    english: "{subject}: link coming soon",
  }),
  "sms.help": sms({
    label: "Keyword help",
    hint: "The reply to an SMS the portal does not understand.",
    placeholders: ["school", "serviceCode", "contact"],
    required: [],
    english:
      "{school}: send STATUS, BAL or LINKS. Send TWI for Twi, STOP to stop announcements. Or dial {serviceCode}. Questions: call {contact}.",
  }),
  "sms.pay-list": sms({
    label: "PAY: the fees owed",
    hint: "The reply to PAY: each ward that owes, numbered, and how to ask for a Mobile Money prompt.",
    placeholders: ["school", "owed", "example"],
    required: ["owed", "example"],
    maxParts: 2,
    english:
      "{school}: fees owed:\n{owed}\nReply PAY {example} for a Mobile Money prompt on this phone for that amount.",
  }),
  "sms.pay-nothing": sms({
    label: "PAY: nothing owed",
    hint: "The reply to PAY when no ward of the number owes fees, or a prompt already covers them.",
    placeholders: ["school"],
    required: [],
    maxParts: 1,
    english: "{school}: nothing to pay now. Send BAL for the balance.",
  }),
  "sms.pay-bad-amount": sms({
    label: "PAY: amount refused",
    hint: "An amount under the school's smallest payment or over the balance.",
    placeholders: ["school", "ward", "min", "max"],
    required: ["min", "max"],
    maxParts: 1,
    english: "{school}: for {ward}, pay from {min} to {max}, in whole cedis.",
  }),
  "sms.pay-prompted": sms({
    label: "PAY: prompt sent",
    hint: "After PAY with an amount: the prompt is on its way to this phone.",
    placeholders: ["school", "ward", "amount"],
    required: ["amount"],
    maxParts: 1,
    english: "{school}: approve the prompt for {amount} for {ward} on your phone. The receipt comes by SMS.",
  }),
  "sms.otp-taken": sms({
    label: "OTP: code taken",
    hint: "The reply to OTP <code> for a prompt whose network wanted a code: the prompt comes to the phone.",
    placeholders: ["school", "amount"],
    required: ["amount"],
    maxParts: 1,
    english: "{school}: code taken. Approve the prompt for {amount} on your phone. The receipt comes by SMS.",
  }),
  "sms.pay-not-started": sms({
    label: "PAY: not started",
    hint: "After PAY with an amount, when the portal refused or the gateway could not send the prompt.",
    placeholders: ["school", "reason"],
    required: ["reason"],
    maxParts: 2,
    english: "{school}: no prompt was sent: {reason}",
  }),
  "sms.language-set": sms({
    label: "Language chosen",
    hint: "The reply to TWI or ENGLISH, in the language chosen.",
    placeholders: ["school", "language"],
    required: [],
    maxParts: 1,
    english: "{school}: messages to this number will now be in {language}. Send ENGLISH or TWI to change.",
  }),
  "sms.stopped": sms({
    label: "Stopped",
    hint: "The reply to STOP.",
    placeholders: ["school"],
    required: [],
    maxParts: 1,
    english:
      "{school}: no more announcements, summaries or reports to this number. Codes and receipts still come. Send START to get them again.",
  }),
  "sms.started": sms({
    label: "Started again",
    hint: "The reply to START.",
    placeholders: ["school"],
    required: [],
    maxParts: 1,
    english: "{school}: announcements, summaries and reports will come to this number again. Send STOP to stop them.",
  }),
  "ussd.language-question": ussd({
    label: "Language question",
    hint: "The first screen, once per number: the answers are 1 for English and 2 for Twi.",
    placeholders: ["school"],
    required: [],
    english: "{school}\nChoose your language / Paw wo kasa\n1. English\n2. Twi",
  }),
  "ussd.language-set": ussd({
    label: "Language chosen",
    hint: "After the language is chosen from the menu, in the language chosen.",
    placeholders: ["language"],
    required: [],
    english: "Language: {language}. Dial again for the menu.",
  }),
  "ussd.choose-ward": ussd({
    maxChars: 38,
    label: "Choose a ward",
    hint: "The title of the list of wards, for a number with more than one.",
    placeholders: ["school"],
    required: [],
    english: "{school}: choose a ward",
  }),
  "ussd.option-status": ussd({
    maxChars: OPTION_MAX,
    label: "Menu: status",
    hint: "Option 1 of a ward's menu.",
    placeholders: [],
    required: [],
    english: "Enrolment status",
  }),
  "ussd.option-fees": ussd({
    maxChars: OPTION_MAX,
    label: "Menu: fees",
    hint: "Option 2.",
    placeholders: [],
    required: [],
    english: "Fees",
  }),
  "ussd.option-links": ussd({
    maxChars: OPTION_MAX,
    label: "Menu: class pages",
    hint: "Option 3.",
    placeholders: [],
    required: [],
    english: "Class pages by SMS",
  }),
  "ussd.option-contact": ussd({
    maxChars: OPTION_MAX,
    label: "Menu: contact",
    hint: "Option 4.",
    placeholders: [],
    required: [],
    english: "Contact the school",
  }),
  "ussd.option-language": ussd({
    maxChars: OPTION_MAX,
    label: "Menu: language",
    hint: "Option 5.",
    placeholders: [],
    required: [],
    english: "Language",
  }),
  "ussd.status": ussd({
    label: "Status",
    hint: "A ward's enrolment and the fees' standing (Unpaid, Part-paid, Paid, Overpaid, as the portal names them).",
    placeholders: ["ward", "programme", "subjects", "feeStatus"],
    required: ["ward"],
    english: "{ward}: {programme}, {subjects} subject(s), enrolled; fees {feeStatus}.",
  }),
  "ussd.status-no-fee": ussd({
    label: "Status, no fee set",
    hint: "As Status, while no fee is set for the ward.",
    placeholders: ["ward", "programme", "subjects"],
    required: ["ward"],
    english: "{ward}: {programme}, {subjects} subject(s), enrolled.",
  }),
  "ussd.fees": ussd({
    label: "Fees",
    hint: "What is due, paid and left, with the last receipt.",
    placeholders: ["ward", "due", "paid", "balance", "receipt"],
    required: ["due", "paid", "balance"],
    english: "{ward}: due {due}, paid {paid}, balance {balance}. Last receipt {receipt}.",
  }),
  "ussd.fees-no-receipt": ussd({
    label: "Fees, nothing paid",
    hint: "As Fees, before any receipt.",
    placeholders: ["ward", "due", "paid", "balance"],
    required: ["due", "paid", "balance"],
    english: "{ward}: due {due}, paid {paid}, balance {balance}.",
  }),
  "ussd.no-fee": ussd({
    label: "No fee yet",
    hint: "Fees, while no fee is set for the ward.",
    placeholders: ["ward"],
    required: [],
    english: "{ward}: no fee is set yet.",
  }),
  "ussd.links-sending": ussd({
    label: "Class pages sent",
    hint: "Option 3, when the ward has class pages (the SMS Class pages follows).",
    placeholders: ["ward"],
    required: [],
    english: "We are sending {ward}'s class-page links by SMS to this number.",
  }),
  "ussd.links-not-ready": ussd({
    label: "Class pages not ready",
    hint: "Option 3, before the ward's class pages are ready.",
    placeholders: ["ward"],
    required: [],
    english: "{ward}'s class pages are not ready yet. We will share them on WhatsApp.",
  }),
  "ussd.contact": ussd({
    label: "Contact",
    hint: "Option 4: the school's numbers and hours.",
    placeholders: ["school", "contact"],
    required: ["contact"],
    english: "{school}: call {contact}.",
  }),
  "ussd.unknown-caller": ussd({
    label: "Unknown number",
    hint: "A number no registration gives (also the SMS reply to such a number).",
    placeholders: ["school", "enrolAt", "contact"],
    required: ["contact"],
    english: "No registration gives this number. Enrol at {enrolAt} or call {contact}.",
  }),
  "ussd.not-on-menu": ussd({
    label: "Not on the menu",
    hint: "A choice the menu does not have.",
    placeholders: ["serviceCode"],
    required: [],
    english: "That choice is not on the menu. Dial {serviceCode} again.",
  }),
  "ussd.option-progress": ussd({
    maxChars: OPTION_MAX,
    label: "Menu: progress",
    hint: "Option 6 of a ward's menu: the ward's attendance.",
    placeholders: [],
    required: [],
    english: "Progress",
  }),
  "ussd.progress": ussd({
    label: "Progress",
    hint: "A ward's lessons attended (present or late) of the lessons held for it, its vacation's so far; each subject's figures follow on the screen while they fit.",
    placeholders: ["ward", "attended", "held", "percent"],
    required: ["attended", "held"],
    english: "{ward}: attended {attended} of {held} lessons held ({percent}%).",
  }),
  "ussd.progress-marks": ussd({
    label: "Progress, marks",
    hint: "After a ward's attendance on Progress, once work is marked: the average of its marked work and the band (Excellent, Good, Average or Needs Improvement).",
    placeholders: ["average", "label"],
    required: ["average"],
    english: "Average mark: {average}% ({label}).",
  }),
  "ussd.progress-none": ussd({
    label: "Progress, nothing held yet",
    hint: "As Progress, before any register of the ward's lessons is saved.",
    placeholders: ["ward"],
    required: [],
    english: "{ward}: no lessons held yet. Attendance shows here once classes begin.",
  }),
  "ussd.option-enrol-again": ussd({
    maxChars: OPTION_MAX,
    label: "Menu: enrol again",
    hint: "Option 7 of a ward's menu, while the ward can enrol for the vacation taking enrolments.",
    placeholders: [],
    required: [],
    english: "Enrol again",
  }),
  "ussd.enrol-again-confirm": ussd({
    label: "Enrol again: confirm",
    hint: "Option 7: what the ward is enrolled in, as last time; the answers are 1 (yes) and 2 (no).",
    placeholders: ["ward", "vacation", "programme", "subjects", "due"],
    required: ["vacation"],
    english: "Enrol {ward} for {vacation}: {programme}, {subjects} subjects, fee {due}?\n1. Yes\n2. No",
  }),
  "ussd.enrolled-again": ussd({
    label: "Enrolled again",
    hint: "After 1 (yes): the new reference follows by SMS.",
    placeholders: ["ward", "vacation"],
    required: [],
    english: "{ward} is enrolled for {vacation}. The reference comes by SMS.",
  }),
  "ussd.enrol-again-failed": ussd({
    label: "Enrol again: not done",
    hint: "After 1 (yes), when the ward could not be enrolled (registration just closed, or enrolled meanwhile).",
    placeholders: ["ward", "contact"],
    required: ["contact"],
    english: "{ward} was not enrolled: registration may have closed. Call {contact}.",
  }),
  "ussd.enrol-again-cancelled": ussd({
    label: "Enrol again: no",
    hint: "After 2 (no).",
    placeholders: [],
    required: [],
    english: "Nothing was changed. Dial again for the menu.",
  }),
  "ussd.option-pay": ussd({
    maxChars: OPTION_MAX,
    label: "Menu: pay fees",
    hint: "Option 8 of a ward's menu, while the ward owes fees and the portal can send a Mobile Money prompt.",
    placeholders: [],
    required: [],
    english: "Pay fees",
  }),
  "ussd.pay-which": ussd({
    label: "Pay fees: which vacation",
    hint: "Option 8 for a ward enrolled in two vacations: the list of each one's balance follows.",
    placeholders: ["ward"],
    required: [],
    english: "{ward}: pay for which vacation?",
  }),
  "ussd.pay-choose": ussd({
    label: "Pay fees: how much",
    hint: "Option 8: the balance to pay; the answers are 1 (all of it) and 2 (another amount).",
    placeholders: ["ward", "balance"],
    required: ["balance"],
    english: "{ward}: balance {balance}.\n1. Pay {balance}\n2. Another amount",
  }),
  "ussd.pay-amount": ussd({
    label: "Pay fees: another amount",
    hint: "After 2 (another amount): the caller types whole cedis.",
    placeholders: ["min", "max"],
    required: ["min", "max"],
    english: "Amount in cedis, from {min} to {max}:",
  }),
  "ussd.pay-bad-amount": ussd({
    label: "Pay fees: amount refused",
    hint: "An amount under the school's smallest payment, over the balance, or not a number.",
    placeholders: ["min", "max"],
    required: ["min", "max"],
    english: "Pay from {min} to {max}, in whole cedis. Dial again to pay.",
  }),
  "ussd.pay-network": ussd({
    label: "Pay fees: network",
    hint: "When the aggregator does not say the caller's network: 1 MTN, 2 Telecel, 3 AirtelTigo.",
    placeholders: [],
    required: [],
    english: "Your Mobile Money wallet:\n1. MTN MoMo\n2. Telecel Cash\n3. AirtelTigo Money",
  }),
  "ussd.pay-confirm": ussd({
    label: "Pay fees: confirm",
    hint: "The amount and the ward, before the prompt is sent; the answers are 1 (yes) and 2 (no).",
    placeholders: ["ward", "amount"],
    required: ["amount"],
    english: "Pay {amount} for {ward} from this number?\n1. Yes\n2. No",
  }),
  "ussd.pay-prompted": ussd({
    label: "Pay fees: prompt sent",
    hint: "After 1 (yes): the prompt is on its way to the caller's phone; the receipt follows by SMS.",
    placeholders: ["amount"],
    required: ["amount"],
    english: "Approve the prompt for {amount} on your phone. The receipt comes by SMS.",
  }),
  "ussd.pay-cancelled": ussd({
    label: "Pay fees: no",
    hint: "After 2 (no): no prompt is sent.",
    placeholders: [],
    required: [],
    english: "No prompt was sent. Dial again for the menu.",
  }),
  "ussd.pay-not-started": ussd({
    label: "Pay fees: not started",
    hint: "After 1 (yes), when the portal refused or the gateway could not start the prompt; {reason} says why.",
    placeholders: ["reason"],
    required: ["reason"],
    english: "No prompt was sent: {reason}",
  }),
  "ussd.pay-open": ussd({
    label: "Pay fees: a prompt is open",
    hint: "After 1 (yes), when the ward's last prompt has not been answered yet.",
    placeholders: ["ward"],
    required: [],
    english: "A prompt for {ward} is still open: approve it on your phone, or dial again in a few minutes.",
  }),
  "ussd.pay-code": ussd({
    label: "Pay fees: the network's code",
    hint: "Option 8 while the ward's prompt waits for the code the network sent (a voucher or one-time code).",
    placeholders: ["amount"],
    required: ["amount"],
    english: "The network sent you a code to pay {amount}. Enter it:",
  }),
  "ussd.pay-code-taken": ussd({
    label: "Pay fees: code taken",
    hint: "After the code: the prompt comes to the phone.",
    placeholders: ["amount"],
    required: ["amount"],
    english: "Code taken. Approve the prompt for {amount} on your phone.",
  }),
  "ussd.pay-declined": ussd({
    label: "Pay fees: last prompt declined",
    hint: "Above the pay screen, when the ward's last prompt was declined or not answered.",
    placeholders: ["amount"],
    required: ["amount"],
    english: "Your last prompt for {amount} was not paid.",
  }),
  "ussd.busy": ussd({
    label: "Busy",
    hint: "When the portal cannot answer in time.",
    placeholders: [],
    required: [],
    english: "The service is busy. Please dial again in a minute.",
  }),
  "ussd.limited": ussd({
    label: "Too many requests",
    hint: "When a number has used more screens than its limit.",
    placeholders: [],
    required: [],
    english: "Too many requests from this number. Please try again later.",
  }),
} as const satisfies Record<string, Item>;

export type WordingKey = keyof typeof WORDING;
export const WORDING_KEYS = Object.keys(WORDING) as WordingKey[];
export const isWordingKey = (key: string): key is WordingKey => Object.hasOwn(WORDING, key);

/** The school's own texts: by key, an English and a Twi version, each null where the school kept the default. */
export type SchoolWording = Partial<Record<WordingKey, { en: string | null; tw: string | null }>>;

export type Values = Partial<Record<Placeholder, string | number>>;

/** Fills `{name}` placeholders; one the values lack is left out. */
export function fill(template: string, values: Values): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name as Placeholder];
    return value === undefined || value === null ? "" : String(value);
  });
}

/** How texts are said to one person: in their language, in the school's wording where it wrote one. */
export type Say = (key: WordingKey, values?: Values) => string;

export function sayIn(language: Language, school: SchoolWording = {}): Say {
  return (key, values = {}) => {
    const own = school[key];
    const template = (language === "tw" ? own?.tw : null) || own?.en || WORDING[key].english;
    return fill(template, { school: SCHOOL_NAME, ...values });
  };
}

/**
 * How much of each channel the school has written in Twi (the rest is said in English to a number that chose Twi):
 * what the language choice says beside it, so that choosing Twi promises no more than is there.
 */
export function twiCoverage(school: SchoolWording): Record<"sms" | "ussd", { twi: number; all: number }> {
  const coverage = { sms: { twi: 0, all: 0 }, ussd: { twi: 0, all: 0 } };
  for (const key of WORDING_KEYS) {
    const channel = coverage[WORDING[key].channel];
    channel.all += 1;
    if (school[key]?.tw?.trim()) channel.twi += 1;
  }
  return coverage;
}

/** English as the portal ships it: tests, and where no person's language applies. */
export const sayEnglish: Say = sayIn("en");

export type WordingCheck = { ok: true } | { ok: false; message: string };

/**
 * Whether a text the school wrote may replace an item's: it keeps the required placeholders, uses no others, and fits
 * the limit with the longest values (USSD in 7-bit, as the screens go out).
 */
export function checkWording(key: WordingKey, text: string): WordingCheck {
  const item: Item = WORDING[key];
  const used = [...text.matchAll(/\{(\w*)\}/g)].map((m) => m[1]);
  const unknown = used.filter((name) => !(item.placeholders as readonly string[]).includes(name));
  if (unknown.length)
    return {
      ok: false,
      message: `This text cannot use {${unknown[0]}}. It may use ${item.placeholders.map((p) => `{${p}}`).join(", ") || "no placeholders"}.`,
    };
  const missing = item.required.filter((name) => !used.includes(name));
  if (missing.length) return { ok: false, message: `Keep {${missing[0]}}: the message needs it.` };
  const measure = measureWording(key, text);
  const ussdMax = item.maxChars ?? USSD_TEXT_MAX;
  if (item.channel === "ussd" && measure.units > ussdMax)
    return {
      ok: false,
      message: item.maxChars
        ? `Too long: ${measure.units} characters, at most ${ussdMax} (it shares its USSD screen).`
        : `Too long for one USSD screen: ${measure.units} characters with the longest names and amounts, at most ${ussdMax}.`,
    };
  if (item.channel === "sms" && measure.parts > (item.maxParts ?? 3))
    return {
      ok: false,
      message: `Too long: ${measure.parts} SMS parts with the longest names and amounts, at most ${item.maxParts}.`,
    };
  return { ok: true };
}

export type WordingMeasure = { units: number; parts: number; alphabet: "GSM-7" | "UCS-2" };

/** The text's size with the longest values: characters, parts and alphabet (USSD: always 7-bit, as sent). */
export function measureWording(key: WordingKey, text: string): WordingMeasure {
  const filled = fill(text, SAMPLES);
  if ((WORDING[key] as Item).gsm7) {
    const sent = smsLength(toGsm7(filled));
    return { units: sent.units, parts: sent.segments, alphabet: sent.encoding };
  }
  if (WORDING[key].channel === "ussd") {
    return { units: gsm7Units(toGsm7(filled)), parts: 1, alphabet: "GSM-7" };
  }
  const length = smsLength(filled);
  return { units: length.units, parts: length.segments, alphabet: length.encoding };
}
