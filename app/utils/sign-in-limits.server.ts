import mongoose from "mongoose";
import type { RateLimiterMongo, RateLimiterRes } from "rate-limiter-flexible";
import { checkAuthAddress, mongoLimiter, type LimitRefusal } from "#app/utils/rate-limits.server.ts";
import { getSettings } from "#app/models/settings.server.ts";
import { LOGIN_LOCK_MINUTES } from "#app/domain/settings.ts";

/**
 * Sign-in limits that hold under concurrency (docs/decisions/0016-sign-in-limits.md).
 *
 * Every attempt is *reserved* before the password is checked: an atomic increment (rate-limiter-flexible's Mongo
 * store, shared by every app instance) of three counters — this account from this address ("pair"), this account
 * from anywhere, this address on any account — and a success gives its reservation back. However many requests
 * arrive at once, only the first N get a password check; the rest are refused unchecked.
 *
 * A counter that crosses its limit starts a block that doubles with each repeat (exponential back-off). The account's
 * ordinary limit only holds back clients that have been failing on it; a client with a clean record is refused only
 * while the account is under a burst (BURST_FACTOR × N attempts in the window). So an attacker cannot keep the real
 * user out with a handful of wrong passwords, and cannot guess more than BURST_FACTOR × N times per window either.
 *
 * Order: the client's own limits (auth posts per address, its blocks, its reservation) come before the limit shared
 * by everyone (auth posts per minute for the whole app), and a request refused by its own never counts against the
 * shared one: one client cannot use up everybody's sign-ins.
 */

const num = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

export const SIGN_IN_LIMITS = {
  /** The counting window and the first block, in seconds (15 minutes). */
  windowSeconds: num(process.env.SIGNIN_WINDOW_SECONDS, LOGIN_LOCK_MINUTES * 60),
  /** Failures from one address (any accounts) per window. Schools share addresses, so it is well above N. */
  addressFailures: num(process.env.SIGNIN_ADDRESS_FAILURES, 50),
  /** Attempts on one account from everywhere per window that make a burst: even clean clients are held back. */
  burstFactor: 3,
  /** Sign-in, sign-up and password-reset posts per minute for the whole app. */
  globalPerMinute: num(process.env.AUTH_GLOBAL_PER_MINUTE, 600),
  /** The longest block, however often it repeats (one day). */
  maxBlockSeconds: 24 * 3600,
};

type Limiters = {
  pair: RateLimiterMongo;
  account: RateLimiterMongo;
  address: RateLimiterMongo;
  global: RateLimiterMongo;
  block: RateLimiterMongo;
  strikes: RateLimiterMongo;
};

const state = globalThis as unknown as { __signInLimiters?: Promise<Limiters> };

function limiters(): Promise<Limiters> {
  state.__signInLimiters ??= (async () => {
    const w = SIGN_IN_LIMITS.windowSeconds;
    const [pair, account, address, global, block, strikes] = await Promise.all([
      mongoLimiter("signin_pair", w),
      mongoLimiter("signin_account", w),
      mongoLimiter("signin_address", w),
      mongoLimiter("auth_global", 60),
      // A block is a row that expires when the block ends (block() sets it over this limiter's one point).
      mongoLimiter("signin_block", 0, 1),
      // How many blocks a key has had in the last day: the exponent of its back-off.
      mongoLimiter("signin_strikes", 24 * 3600),
    ]);
    return { pair, account, address, global, block, strikes };
  })().catch((error: unknown) => {
    state.__signInLimiters = undefined;
    throw error;
  });
  return state.__signInLimiters;
}

export type { LimitRefusal };

function minutes(ms: number) {
  const m = Math.max(1, Math.ceil(ms / 60_000));
  return `${m} minute${m === 1 ? "" : "s"}`;
}

export function lockedOutMessage(msLeft: number) {
  return `Too many failed sign-in attempts for this phone number. Sign-in is locked: try again in ${minutes(msLeft)}, or ask the school to reset your password.`;
}
export const BUSY_MESSAGE =
  "The portal is receiving too many sign-in attempts right now. Please try again in a minute.";

function refusal(msLeft: number, message = lockedOutMessage(msLeft)): LimitRefusal {
  return { refused: true, status: 429, message, retryAfterSeconds: Math.ceil(msLeft / 1000) };
}

const blockKey = {
  pair: (phone: string, address: string) => `pair:${phone}|${address}`,
  account: (phone: string) => `account:${phone}`,
  burst: (phone: string) => `burst:${phone}`,
  address: (address: string) => `address:${address}`,
};

/** Blocks the key for the window × 2^(blocks it had today − 1), up to a day. Returns the block's length in ms. */
async function startBlock(l: Limiters, key: string): Promise<number> {
  const strikes = (await l.strikes.penalty(key, 1)).consumedPoints;
  const seconds = Math.min(
    SIGN_IN_LIMITS.windowSeconds * 2 ** Math.max(0, strikes - 1),
    SIGN_IN_LIMITS.maxBlockSeconds,
  );
  await l.block.block(key, seconds);
  return seconds * 1000;
}

async function blockedFor(l: Limiters, key: string): Promise<number> {
  const res = await l.block.get(key);
  return res && res.consumedPoints > 1 ? res.msBeforeNext : 0;
}

/** One request against the app-wide limit of sign-in, sign-up and password-reset posts. */
async function checkGlobalAuthLimit(): Promise<LimitRefusal | null> {
  const l = await limiters();
  const res = await l.global.penalty("all", 1);
  return res.consumedPoints > SIGN_IN_LIMITS.globalPerMinute ? refusal(res.msBeforeNext, BUSY_MESSAGE) : null;
}

/**
 * A sign-up or password-reset post from `address`: the client's own limit first, then (only when that passed) the
 * app-wide one.
 */
export async function checkAuthPost(address: string): Promise<LimitRefusal | null> {
  return (await checkAuthAddress(address)) ?? (await checkGlobalAuthLimit());
}

export type Reservation = {
  refused: false;
  /** The password was right: the reservation is given back and this client's failures on the account forgotten. */
  succeeded(): Promise<void>;
  /** The password was wrong: the reservation stays counted. Returns a refusal when this failure starts a block. */
  failed(): Promise<LimitRefusal | null>;
};

/**
 * Reserves one sign-in attempt for `phone` (normalised, or the raw text when it is not a phone) from `address`,
 * before any password is checked. Refused: the password must not be checked at all.
 */
export async function reserveSignIn(
  phone: string,
  address: string,
  device: string | null = null,
): Promise<Reservation | LimitRefusal> {
  if (device) return reserveFromDevice(phone, device);
  const busyAddress = await checkAuthAddress(address);
  if (busyAddress) return busyAddress;
  const l = await limiters();
  const N = (await getSettings()).maxLoginAttempts;
  const pairKey = `${phone}|${address}`;

  const [addressBlock, pairBlock, accountBlock, burstBlock, pairBefore] = await Promise.all([
    blockedFor(l, blockKey.address(address)),
    blockedFor(l, blockKey.pair(phone, address)),
    blockedFor(l, blockKey.account(phone)),
    blockedFor(l, blockKey.burst(phone)),
    l.pair.get(pairKey),
  ]);
  // A clean client: no failures on this account from this address in the window.
  const clean = !pairBefore || pairBefore.consumedPoints <= 0;
  const blocked = Math.max(addressBlock, pairBlock, burstBlock, clean ? 0 : accountBlock);
  if (blocked > 0) return refusal(blocked);

  // The reservation: three atomic increments. Whatever the parallelism, each request sees a distinct count.
  const [pair, account, byAddress] = await Promise.all([
    l.pair.penalty(pairKey, 1),
    l.account.penalty(phone, 1),
    l.address.penalty(address, 1),
  ]);
  const burstLimit = SIGN_IN_LIMITS.burstFactor * N;
  const over: Array<{ key: string; res: RateLimiterRes; limit: number }> = [
    { key: blockKey.pair(phone, address), res: pair, limit: N },
    { key: blockKey.burst(phone), res: account, limit: burstLimit },
    { key: blockKey.address(address), res: byAddress, limit: SIGN_IN_LIMITS.addressFailures },
  ];
  if (!clean) over.push({ key: blockKey.account(phone), res: account, limit: N });
  const exceeded = over.filter((o) => o.res.consumedPoints > o.limit);
  if (exceeded.length > 0) {
    // Exactly one request sees each counter step over its limit: that one starts the block (no doubling per request).
    const lengths = await Promise.all(
      exceeded.map((o) => (o.res.consumedPoints === o.limit + 1 ? startBlock(l, o.key) : blockedFor(l, o.key))),
    );
    return refusal(Math.max(...lengths, ...exceeded.map((o) => o.res.msBeforeNext)));
  }
  // Only now, with the client's own limits passed, does the attempt count against everyone's.
  const global = await checkGlobalAuthLimit();
  if (global) {
    await Promise.all([l.pair.reward(pairKey, 1), l.account.reward(phone, 1), l.address.reward(address, 1)]);
    return global;
  }

  return {
    refused: false,
    async succeeded() {
      await Promise.all([l.pair.delete(pairKey), l.account.reward(phone, 1), l.address.reward(address, 1)]);
    },
    async failed() {
      // The N-th failure of this client on the account (or of anyone on it) starts the block at once, so the
      // next attempt — even with the right password — is refused.
      const starts: string[] = [];
      if (pair.consumedPoints === N) starts.push(blockKey.pair(phone, address));
      if (account.consumedPoints === N) starts.push(blockKey.account(phone));
      if (starts.length === 0) return null;
      const lengths = await Promise.all(starts.map((key) => startBlock(l, key)));
      return pair.consumedPoints === N ? refusal(Math.max(...lengths)) : null;
    },
  };
}

/**
 * A sign-in from a browser where the account signed in before (app/utils/trusted-device.server.ts): limited by this
 * device's own failures on the account (N per window, then blocked as a client is), never by the account's lock or
 * burst or its address's counts, which attackers elsewhere can run up; still within the app-wide limit.
 */
async function reserveFromDevice(phone: string, device: string): Promise<Reservation | LimitRefusal> {
  const l = await limiters();
  const N = (await getSettings()).maxLoginAttempts;
  const pairKey = `${phone}|device:${device}`;
  const key = blockKey.pair(phone, `device:${device}`);
  const blocked = await blockedFor(l, key);
  if (blocked > 0) return refusal(blocked);
  const pair = await l.pair.penalty(pairKey, 1);
  if (pair.consumedPoints > N)
    return refusal(pair.consumedPoints === N + 1 ? await startBlock(l, key) : await blockedFor(l, key));
  const global = await checkGlobalAuthLimit();
  if (global) {
    await l.pair.reward(pairKey, 1);
    return global;
  }
  return {
    refused: false,
    async succeeded() {
      await l.pair.delete(pairKey);
    },
    async failed() {
      return pair.consumedPoints === N ? refusal(await startBlock(l, key)) : null;
    },
  };
}

/** A password reset (or an admin) lifts the account's blocks and counts; addresses keep theirs. */
export async function clearSignInLimits(phone: string) {
  const l = await limiters();
  await Promise.all([
    l.account.delete(phone),
    l.block.delete(blockKey.account(phone)),
    l.block.delete(blockKey.burst(phone)),
    l.strikes.delete(blockKey.account(phone)),
    l.strikes.delete(blockKey.burst(phone)),
    mongoose.connection
      .collection("rate_limits")
      .deleteMany({ key: { $regex: `^signin_(pair|block:pair):${escapeRegex(phone)}\\|` } }),
  ]);
}

function escapeRegex(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
