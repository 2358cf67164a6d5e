import mongoose from "mongoose";
import { RateLimiterMongo } from "rate-limiter-flexible";
import { connectDb } from "#app/models/db.server.ts";

/**
 * Counters in the database (rate-limiter-flexible's Mongo store, `rate_limits`), shared by every app instance, and
 * the limits that are not about passwords (docs/decisions/0070-limits-and-ownership.md): auth posts per client
 * address, anonymous enrolments per address and per WhatsApp number, registration links per account and per
 * registration. Each is checked before any limit shared by everyone, so one client can only use up its own.
 */

const num = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

export const RATE_LIMITS = {
  /** Sign-in, sign-up and password-reset posts from one client address per minute (a school's lab shares one). */
  authPerAddressPerMinute: num(process.env.AUTH_ADDRESS_PER_MINUTE, 60),
  /**
   * Anonymous enrolments from one client address per hour. Mobile operators put many phones behind one address, so it
   * is generous; the office's Register Student is not limited.
   */
  enrolPerAddressPerHour: num(process.env.ENROL_ADDRESS_PER_HOUR, 60),
  /** Anonymous enrolments naming one parent WhatsApp number per day (a family with several wards, and retries). */
  enrolPerNumberPerDay: num(process.env.ENROL_NUMBER_PER_DAY, 10),
  /** Mobile Money prompts sent to one number per hour (a prompt costs the school nothing, but it rings a phone). */
  promptsPerNumberPerHour: 5,
  /** Failed registration links (wrong reference or claim code) per account per hour. */
  linkFailuresPerAccountPerHour: 10,
  /**
   * Failed links naming one registration per hour, from all accounts: what caps guessing one registration's code; above
   * the per-account figure, so one stranger with the reference cannot hold the real parent back.
   */
  linkFailuresPerRegistrationPerHour: 50,
  /** One-time codes sent to one phone per hour (each replaces the last; a family may ask again when one is slow). */
  codesPerPhonePerHour: 5,
  /**
   * Wrong two-factor codes per admin account per hour, across every code sent in it: a new code per right password
   * must not mean five fresh tries (the million codes would fall in days). Then sign-in pauses and the admin is told.
   */
  secondFactorFailuresPerHour: 10,
  /** USSD screens and SMS keyword replies for one number per 10 minutes (a session is a few screens). */
  phoneChannelPerNumber: num(process.env.PHONE_CHANNEL_PER_10_MINUTES, 40),
  /**
   * A report link opened from one client address, and one ward's link from anywhere, per 10 minutes: each opening
   * renders a PDF (docs/decisions/0117). A family opens its link a few times; a school's lab shares one address.
   */
  reportLinksPerAddress: num(process.env.REPORT_LINKS_PER_10_MINUTES, 60),
  reportLinkPerWard: 10,
};

/** Counters compare against our own thresholds, so the store's own limit is never reached. */
const UNLIMITED = 1_000_000;

const state = globalThis as unknown as {
  __rateLimitIndex?: Promise<void>;
  __rateLimiters?: Map<string, RateLimiterMongo>;
};

/**
 * A counter over `durationSeconds` windows in the shared `rate_limits` collection. Its unique index is made before the
 * first count: parallel first attempts must land in one row.
 */
export async function mongoLimiter(
  keyPrefix: string,
  durationSeconds: number,
  points = UNLIMITED,
): Promise<RateLimiterMongo> {
  await connectDb();
  const make = (prefix: string, duration: number, limit: number) =>
    new RateLimiterMongo({
      storeClient: mongoose.connection.getClient(),
      dbName: mongoose.connection.name,
      tableName: "rate_limits",
      keyPrefix: prefix,
      points: limit,
      duration,
      disableIndexesCreation: true,
    });
  state.__rateLimitIndex ??= make("index", 1, 1)
    .createIndexes()
    .catch((error: unknown) => {
      state.__rateLimitIndex = undefined;
      throw error;
    });
  await state.__rateLimitIndex;
  state.__rateLimiters ??= new Map();
  const name = `${keyPrefix}/${durationSeconds}/${points}`;
  let limiter = state.__rateLimiters.get(name);
  if (!limiter) state.__rateLimiters.set(name, (limiter = make(keyPrefix, durationSeconds, points)));
  return limiter;
}

export type LimitRefusal = { refused: true; status: 429; message: string; retryAfterSeconds: number };

export function waitText(ms: number) {
  const m = Math.max(1, Math.ceil(ms / 60_000));
  if (m < 120) return `${m} minute${m === 1 ? "" : "s"}`;
  return `${Math.ceil(m / 60)} hours`;
}

function refusal(ms: number, message: string): LimitRefusal {
  return { refused: true, status: 429, message, retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)) };
}

/** Counts one event for `key`; the wait in ms when that makes more than `limit` in the window, else 0. */
async function count(prefix: string, seconds: number, key: string, limit: number): Promise<number> {
  const res = await (await mongoLimiter(prefix, seconds)).penalty(key, 1);
  return res.consumedPoints > limit ? res.msBeforeNext : 0;
}

/** Gives back one event counted for `key` (the attempt it reserved turned out right). */
async function giveBack(prefix: string, seconds: number, key: string) {
  await (await mongoLimiter(prefix, seconds)).reward(key, 1);
}

export const AUTH_ADDRESS_BUSY =
  "Too many sign-in, sign-up or reset attempts from your connection. Please try again in a minute.";

/** One auth post from `address`; refused past the per-address limit (and then not counted anywhere else). */
export async function checkAuthAddress(address: string): Promise<LimitRefusal | null> {
  const wait = await count("auth_address", 60, address, RATE_LIMITS.authPerAddressPerMinute);
  return wait ? refusal(wait, AUTH_ADDRESS_BUSY) : null;
}

export const enrolmentBusyMessage = (wait: string) =>
  `Too many registrations have been sent from this connection or for this WhatsApp number. Please try again in ${wait}, or call the school and we will register your ward.`;

/**
 * One enrolment from `address` naming the parent WhatsApp number `phone` (normalised). `owner`: the request comes from
 * the signed-in account whose proven number it is, which the number's count (run up by anyone who types the number)
 * never refuses; it has a count of its own.
 */
export async function checkEnrolment(
  address: string,
  phone: string,
  owner?: string | null,
): Promise<LimitRefusal | null> {
  const byAddress = await count("enrol_address", 3600, address, RATE_LIMITS.enrolPerAddressPerHour);
  // A client over its own limit is not counted against the number (someone else's, perhaps).
  const wait =
    byAddress ||
    (owner
      ? await count("enrol_owner", 24 * 3600, `${phone}|${owner}`, RATE_LIMITS.enrolPerNumberPerDay)
      : await count("enrol_number", 24 * 3600, phone, RATE_LIMITS.enrolPerNumberPerDay));
  return wait ? refusal(wait, enrolmentBusyMessage(waitText(wait))) : null;
}

export const codeBusyMessage = (wait: string) =>
  `Too many codes have been asked for this number. Please try again in ${wait}, or ask the school for a reset link.`;

/**
 * One code sent to `phone` (normalised); refused past the per-phone limit, which stops anyone from flooding a number
 * with SMS. The caller checks the address limit first. `owner` — the signed-in account of that number, or a browser
 * where it signed in before (a device cookie) — has a count of its own: strangers asking for codes for the number
 * cannot lock its owner out of a reset or a phone check.
 */
export async function checkCodeRequest(phone: string, owner?: string | null): Promise<LimitRefusal | null> {
  const wait = owner
    ? await count("code_owner", 3600, `${phone}|${owner}`, RATE_LIMITS.codesPerPhonePerHour)
    : await count("code_phone", 3600, phone, RATE_LIMITS.codesPerPhonePerHour);
  return wait ? refusal(wait, codeBusyMessage(waitText(wait))) : null;
}

export const linkBusyMessage = (wait: string) =>
  `Too many wrong references or claim codes. Please try again in ${wait}, or call the school to link the registration.`;

/**
 * Linking by reference and claim code: each attempt is counted before the code is checked (so attempts sent at once
 * cannot all pass), refused past the account's or the registration's failures for this hour (RATE_LIMITS), and a right
 * answer gives its count back (`succeeded()`). The per-registration cap is what stops guessing one registration's code
 * from many accounts; its cost is that several accounts together could hold that registration's linking back for an
 * hour (the school can still link it by hand).
 */
export async function linkAttempt(userId: string, reference: string) {
  const { linkFailuresPerAccountPerHour: perAccount, linkFailuresPerRegistrationPerHour: perRegistration } =
    RATE_LIMITS;
  const [byAccount, byRegistration] = await Promise.all([
    count("link_account", 3600, userId, perAccount),
    count("link_registration", 3600, reference, perRegistration),
  ]);
  const wait = Math.max(byAccount, byRegistration);
  if (wait) return refusal(wait, linkBusyMessage(waitText(wait)));
  return {
    refused: false as const,
    async succeeded() {
      await Promise.all([giveBack("link_account", 3600, userId), giveBack("link_registration", 3600, reference)]);
    },
  };
}

export const secondFactorLockedMessage = (wait: string) =>
  `Too many wrong sign-in codes for this account: sign-in is paused for ${wait}. If that was not you, someone knows your password: change it as soon as you are in.`;

/**
 * An admin's two-factor code check: counted before the code is checked (checks sent at once cannot all pass), refused
 * past RATE_LIMITS.secondFactorFailuresPerHour for the account whichever code it was; a right code gives its count
 * back. `justLocked` is true for the one refusal that started the pause (the admin is told once).
 */
export async function secondFactorAttempt(userId: string) {
  const limit = RATE_LIMITS.secondFactorFailuresPerHour;
  const res = await (await mongoLimiter("2fa_account", 3600)).penalty(userId, 1);
  if (res.consumedPoints > limit)
    return {
      ...refusal(res.msBeforeNext, secondFactorLockedMessage(waitText(res.msBeforeNext))),
      justLocked: res.consumedPoints === limit + 1,
    };
  return { refused: false as const, succeeded: () => giveBack("2fa_account", 3600, userId) };
}

/** The pause of an account's two-factor sign-in, without counting anything: no new code is sent during it. */
export async function secondFactorPaused(userId: string): Promise<LimitRefusal | null> {
  const res = await (await mongoLimiter("2fa_account", 3600)).get(userId);
  if (!res || res.consumedPoints < RATE_LIMITS.secondFactorFailuresPerHour) return null;
  return refusal(res.msBeforeNext, secondFactorLockedMessage(waitText(res.msBeforeNext)));
}

/** One USSD screen or SMS keyword reply for `phone` (normalised); refused past the number's limit. */
export async function checkPhoneChannel(phone: string): Promise<LimitRefusal | null> {
  const wait = await count("phone_channel", 600, phone, RATE_LIMITS.phoneChannelPerNumber);
  return wait ? refusal(wait, "Too many requests from this number") : null;
}

export const PROMPTS_BUSY = "Too many payment prompts to this number in an hour. Please try again later.";

/** One Mobile Money prompt to `phone` (normalised); refused past the number's hourly limit. */
export async function checkPaymentPrompt(phone: string): Promise<LimitRefusal | null> {
  const wait = await count("payment_prompt", 3600, phone, RATE_LIMITS.promptsPerNumberPerHour);
  return wait ? refusal(wait, PROMPTS_BUSY) : null;
}

export const reportLinkBusyMessage = (wait: string) =>
  `This report has been opened many times in a few minutes. Please try again in ${wait}.`;

/**
 * One opening of a report link from `address`, for the ward `registrationId` when the link names one: the address's
 * count first, and the ward's only for openings the address's did not refuse.
 */
export async function checkReportLink(address: string, registrationId: string | null): Promise<LimitRefusal | null> {
  const byAddress = await count("report_address", 600, address, RATE_LIMITS.reportLinksPerAddress);
  if (byAddress) return refusal(byAddress, reportLinkBusyMessage(waitText(byAddress)));
  if (!registrationId) return null;
  const byWard = await count("report_ward", 600, registrationId, RATE_LIMITS.reportLinkPerWard);
  return byWard ? refusal(byWard, reportLinkBusyMessage(waitText(byWard))) : null;
}
