import { Schema } from "mongoose";
import { MESSAGE_CHANNELS, MESSAGE_STATES, type MessageChannel, type MessageState } from "#app/domain/messaging.ts";
import { calendarDayRange } from "#app/domain/dates.ts";
import { newId } from "#app/models/ids.server.ts";
import { env } from "#app/models/infra/env.server.ts";
import { seal } from "#app/models/infra/sealed-secret.server.ts";
import { defineModel } from "#app/models/infra/define-model.server.ts";

/**
 * The outbox (docs/decisions/0077-outbox.md): every SMS and e-mail the portal sends is first one of these documents,
 * queued by the event that causes it under an idempotency key (event and recipient), then taken by the sender of one
 * app instance under a lease (app/services/messaging/outbox-sender.server.ts), sent through the configured provider, and marked
 * with the result.
 */

/** Attempts and the wait after each failed one: about 1 min, 5 min, 30 min, 2 h; then the message has failed. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

const outboxSchema = new Schema(
  {
    _id: { type: String, default: newId },
    /** Event and recipient (e.g. `enrolment:<registration id>:sms`): a repeated event never queues a second message. */
    key: { type: String, required: true },
    channel: { type: String, required: true, enum: MESSAGE_CHANNELS },
    /** An E.164 phone number (SMS) or an e-mail address. */
    to: { type: String, required: true },
    template: { type: String, required: true },
    values: { type: Schema.Types.Mixed, default: {} },
    subject: { type: String, default: null },
    text: { type: String, required: true },
    /**
     * A one-time code's message: the code sealed (app/models/infra/sealed-secret.server.ts) while `text` shows CODE_MASK in
     * its place; the sender puts it back at send time, and it is removed once the message is sent (a one-time code's
     * also once it has failed for good; a claim code's is kept for the office's Retry).
     */
    secret: { type: String, default: null },
    state: { type: String, required: true, enum: MESSAGE_STATES, default: "queued" },
    attempts: { type: Number, default: 0 },
    /** When a queued message may next be taken. */
    nextAttemptAt: { type: Date, default: () => new Date() },
    /** Whose lease a message being sent is under, and until when (then it is queued again). */
    leaseOwner: { type: String, default: null },
    leaseUntil: { type: Date, default: null },
    provider: { type: String, default: null },
    providerMessageId: { type: String, default: null },
    lastError: { type: String, default: null },
    sentAt: { type: Date, default: null },
    deliveredAt: { type: Date, default: null },
    /**
     * When the provider's status look-up is next asked about this sent message (providers that document one: Hubtel,
     * Arkesel), null once a report or a look-up settled it, or after the last look-up (`deliveryUnknown` then).
     */
    statusCheckAt: { type: Date, default: null },
    statusChecks: { type: Number, default: 0 },
    deliveryUnknown: { type: Boolean, default: false },
    /**
     * Set once the message was sent or failed for good, OUTBOX_KEEP_DAYS later (400 by default: a school year's three
     * vacations and their reports): the database removes it then (a TTL index). Queued messages have none.
     */
    keepUntil: { type: Date, default: null },
  },
  { collection: "outbox", timestamps: true },
);
outboxSchema.index({ key: 1 }, { unique: true });
outboxSchema.index({ state: 1, nextAttemptAt: 1 });
outboxSchema.index({ createdAt: -1 });
outboxSchema.index({ to: 1, createdAt: -1 });
outboxSchema.index({ providerMessageId: 1 }, { sparse: true });
outboxSchema.index({ statusCheckAt: 1 });
outboxSchema.index({ keepUntil: 1 }, { expireAfterSeconds: 0 });

/** Until when a message that is done now is kept. */
const keptUntil = (now: Date) => new Date(now.getTime() + env.outboxKeepDays * 86_400_000);

/** Messages sent or failed for good without a time to be kept until get one from `now`; returns how many. */
export async function keepDoneMessagesFrom(now: Date): Promise<number> {
  const result = await Outbox.updateMany(
    { state: { $in: ["sent", "delivered", "failed"] }, keepUntil: null },
    { $set: { keepUntil: keptUntil(now) } },
  );
  return result.modifiedCount;
}

export type OutboxMessage = {
  _id: string;
  key: string;
  channel: MessageChannel;
  to: string;
  template: string;
  values: Record<string, unknown>;
  subject: string | null;
  text: string;
  secret?: string | null;
  state: MessageState;
  attempts: number;
  nextAttemptAt: Date;
  leaseOwner: string | null;
  leaseUntil: Date | null;
  provider: string | null;
  providerMessageId: string | null;
  lastError: string | null;
  sentAt: Date | null;
  deliveredAt: Date | null;
  statusCheckAt?: Date | null;
  statusChecks?: number;
  deliveryUnknown?: boolean;
  keepUntil: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

export const Outbox = defineModel<OutboxMessage>("Outbox", outboxSchema);

export type NewMessage = Pick<OutboxMessage, "key" | "channel" | "to" | "template" | "text"> & {
  values?: Record<string, unknown>;
  subject?: string | null;
  /** Sealed: the code that stands where `text` says CODE_MASK. */
  secret?: string | null;
};

/** What a one-time code's message shows where the code is, in the database and on every screen. */
export const CODE_MASK = "••••••";

/**
 * A message carrying a code (a one-time code, a claim code): outside demo mode the stored text shows CODE_MASK in its
 * place and the code is sealed beside it, for the sender alone to put back (docs/decisions/0089); in demo mode it is
 * kept whole, so the demo and the tests read codes under Admin → Messages. `shown` is what stands for the code.
 */
export function withCode(render: (code: string) => string, code: string) {
  if (env.demo) return { text: render(code), shown: code };
  return { text: render(CODE_MASK), secret: seal(code), shown: CODE_MASK };
}

/**
 * Queues a message once per key: a second call with the same key leaves the first message as it is. Its `_id` and the
 * other fields' defaults come from the schema (Mongoose's defaults on insert, which call the id's default even when
 * the update gives an id: one given here would be a second id made and thrown away).
 */
export async function queueMessage(message: NewMessage): Promise<void> {
  await Outbox.updateOne(
    { key: message.key },
    {
      $setOnInsert: { values: {}, subject: null, ...message, state: "queued", nextAttemptAt: new Date() },
    },
    { upsert: true },
  ).catch((error: unknown) => {
    // Two instances queued the same key at once: the unique index kept one.
    if ((error as { code?: number }).code !== 11000) throw error;
  });
}

/**
 * Queues many messages (a bulk send), in batches; keys already queued are left as they are. Returns how many were new.
 */
export async function queueMessages(messages: NewMessage[], batch = 500): Promise<number> {
  let queued = 0;
  for (let i = 0; i < messages.length; i += batch) {
    const now = new Date();
    const docs = messages.slice(i, i + batch).map((m) => ({
      _id: newId(),
      values: {},
      subject: null,
      ...m,
      state: "queued",
      attempts: 0,
      nextAttemptAt: now,
    }));
    queued += await Outbox.insertMany(docs, { ordered: false }).then(
      () => docs.length,
      (error: unknown) => {
        const writeErrors = (error as { writeErrors?: { code?: number; err?: { code?: number } }[] }).writeErrors;
        const onlyDuplicates = writeErrors?.every((e) => (e.code ?? e.err?.code) === 11000);
        if (!onlyDuplicates) throw error;
        return docs.length - (writeErrors?.length ?? 0);
      },
    );
  }
  return queued;
}

/**
 * Takes the next message that is due, for `owner`, until `leaseMs` from now: one conditional update, so of two
 * senders only one gets it. A message whose lease ran out (its sender died mid-send) is due again.
 */
export async function claimNextMessage(
  owner: string,
  leaseMs: number,
  now = new Date(),
): Promise<OutboxMessage | null> {
  return Outbox.findOneAndUpdate(
    {
      $or: [
        { state: "queued", nextAttemptAt: { $lte: now } },
        { state: "sending", leaseUntil: { $lte: now } },
      ],
    },
    {
      $set: { state: "sending", leaseOwner: owner, leaseUntil: new Date(now.getTime() + leaseMs) },
      $inc: { attempts: 1 },
    },
    { sort: { nextAttemptAt: 1 }, returnDocument: "after", lean: true },
  );
}

/**
 * How long after sending the provider's status look-up is asked about a message no report has settled: about 1
 * minute, 10 minutes, 1 hour and 6 hours; after the last, its delivery is unknown.
 */
export const STATUS_CHECK_AFTER_MS = [60_000, 600_000, 3_600_000, 21_600_000];

/** The sender's attempt is over: the lease holder, and only it, sets the message's new state and lets it go. */
function endLease(message: OutboxMessage, set: Record<string, unknown>) {
  return Outbox.updateOne(
    { _id: message._id, state: "sending", leaseOwner: message.leaseOwner },
    { $set: { ...set, leaseOwner: null, leaseUntil: null } },
  );
}

/**
 * The provider accepted the message. Only the lease holder may say so. `checkStatus`: the provider has a status
 * look-up, asked about the message from a minute on until a report or a look-up settles it.
 */
export async function markSent(
  message: OutboxMessage,
  provider: string,
  providerMessageId: string | null,
  options: { checkStatus?: boolean } = {},
) {
  const now = new Date();
  const check = options.checkStatus && providerMessageId;
  await endLease(message, {
    state: "sent",
    provider,
    providerMessageId,
    sentAt: now,
    keepUntil: keptUntil(now),
    secret: null,
    statusCheckAt: check ? new Date(now.getTime() + STATUS_CHECK_AFTER_MS[0]) : null,
    statusChecks: 0,
  });
}

/** The attempt failed: queued again after the next delay, or failed for good (permanent errors, or no tries left). */
export async function markAttemptFailed(
  message: OutboxMessage,
  provider: string,
  error: string,
  options: { permanent: boolean; now?: Date },
) {
  const now = options.now ?? new Date();
  const last = options.permanent || message.attempts >= MAX_ATTEMPTS;
  const delay = RETRY_DELAYS_MS[Math.min(message.attempts, RETRY_DELAYS_MS.length) - 1] ?? RETRY_DELAYS_MS[0];
  await endLease(message, {
    state: last ? "failed" : "queued",
    provider,
    lastError: error.slice(0, 500),
    nextAttemptAt: last ? message.nextAttemptAt : new Date(now.getTime() + delay),
    keepUntil: last ? keptUntil(now) : null,
    // A one-time code is dead by then; a claim code lives on, and the office's Retry sends it after all.
    ...(last && message.template.startsWith("code:") ? { secret: null } : {}),
  });
}

/** How long a message waits for a provider that is not configured before it is looked at again. */
export const WAIT_FOR_PROVIDER_MS = 5 * 60_000;

/**
 * The provider chosen cannot send (not configured): nothing was tried, so the attempt is not counted and the message
 * waits, queued, with the reason; saving Settings → Integrations wakes it (wakeWaitingMessages). A one-time code fails
 * at once instead: it is valid 10 minutes, and the person asks for another.
 */
export async function markWaitingForProvider(
  message: OutboxMessage,
  provider: string,
  reason: string,
  now = new Date(),
) {
  const code = message.template.startsWith("code:");
  await endLease(message, {
    state: code ? "failed" : "queued",
    provider,
    lastError: reason.slice(0, 500),
    attempts: Math.max(0, message.attempts - 1),
    nextAttemptAt: code ? message.nextAttemptAt : new Date(now.getTime() + WAIT_FOR_PROVIDER_MS),
    keepUntil: code ? keptUntil(now) : null,
    ...(code ? { secret: null } : {}),
  });
}

// The reasons are plain words (sms-provider.ts), anchored: the index on state narrows the scan to queued messages.
const startsWith = (texts: readonly string[]) => ({ $regex: `^(${texts.join("|")})` });

/**
 * Messages waiting for a provider's account, or its credit, are due again now (Settings → Integrations was saved).
 * Only those: a message backing off after a timeout or a provider's error keeps its delay and its attempts.
 */
export async function wakeWaitingMessages(reasons: readonly string[], now = new Date()): Promise<number> {
  const result = await Outbox.updateMany(
    { state: "queued", nextAttemptAt: { $gt: now }, lastError: startsWith(reasons) },
    { $set: { nextAttemptAt: now } },
  );
  return result.modifiedCount;
}

/** How many queued messages wait for each reason (the start of their last error), in one read. */
export async function countWaitingMessages<K extends string>(reasons: Record<K, string>): Promise<Record<K, number>> {
  const keys = Object.keys(reasons) as K[];
  const startOf = (k: K) => ({ $eq: [{ $substrCP: ["$lastError", 0, reasons[k].length] }, reasons[k]] });
  const rows = await Outbox.aggregate<{ _id: K | null; n: number }>([
    { $match: { state: "queued", lastError: startsWith(keys.map((k) => reasons[k])) } },
    {
      $group: {
        _id: { $switch: { branches: keys.map((k) => ({ case: startOf(k), then: k })), default: null } },
        n: { $sum: 1 },
      },
    },
  ]);
  const counts = Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
  for (const row of rows) if (row._id !== null) counts[row._id] = row.n;
  return counts;
}

/** A provider's delivery report for one of its messages. */
/** The update a final word on a sent message makes, whether a report or a look-up said it. */
function settledDelivery(delivered: boolean, reason?: string) {
  const settled = { statusCheckAt: null, deliveryUnknown: false };
  return delivered
    ? { $set: { state: "delivered", deliveredAt: new Date(), ...settled } }
    : { $set: { state: "failed", lastError: (reason || "Not delivered").slice(0, 500), ...settled } };
}

export async function recordDelivery(provider: string, providerMessageId: string, delivered: boolean, reason?: string) {
  const result = await Outbox.updateOne(
    { provider, providerMessageId, state: { $in: ["sent", "delivered"] } },
    settledDelivery(delivered, reason),
  );
  return result.matchedCount > 0;
}

/**
 * A sent message whose status look-up is due, taken for `leaseMs` (its next check moved that far on, so another
 * instance does not ask too; one that stops meanwhile leaves it to be asked again then).
 */
export async function claimStatusCheck(leaseMs: number, now = new Date()): Promise<OutboxMessage | null> {
  return Outbox.findOneAndUpdate(
    { statusCheckAt: { $lte: now }, state: "sent" },
    { $set: { statusCheckAt: new Date(now.getTime() + leaseMs) } },
    { sort: { statusCheckAt: 1 }, returnDocument: "after", lean: true },
  );
}

/**
 * A look-up's final word on this message (by its id, while it is still "sent": a report that came meanwhile is kept).
 */
export async function recordLookedUpDelivery(message: OutboxMessage, delivered: boolean, reason?: string) {
  await Outbox.updateOne({ _id: message._id, state: "sent" }, settledDelivery(delivered, reason));
}

/** The least time between two look-ups of one message (after a busy queue or a stop, the steps may all be past). */
const STATUS_CHECK_GAP_MS = 60_000;

/** A look-up said nothing final (or could not be asked): asked again at the next step, or its delivery unknown. */
export async function statusStillPending(message: OutboxMessage, now = new Date()) {
  const next = (message.statusChecks ?? 0) + 1;
  const sentAt = message.sentAt ?? now;
  const last = next >= STATUS_CHECK_AFTER_MS.length;
  const at = last
    ? null
    : new Date(Math.max(sentAt.getTime() + STATUS_CHECK_AFTER_MS[next], now.getTime() + STATUS_CHECK_GAP_MS));
  await Outbox.updateOne(
    { _id: message._id, state: "sent" },
    {
      $set: {
        statusChecks: next,
        statusCheckAt: at,
        deliveryUnknown: last,
      },
    },
  );
}

/** An admin's Retry on a failed message: queued again now, with fresh attempts. */
export async function retryMessage(id: string): Promise<boolean> {
  const result = await Outbox.updateOne(
    { _id: String(id), state: "failed" },
    { $set: { state: "queued", attempts: 0, nextAttemptAt: new Date(), lastError: null, keepUntil: null } },
  );
  return result.modifiedCount > 0;
}

export type MessageFilter = {
  /** One recipient: an E.164 phone number or an e-mail address. */
  recipient?: string;
  state?: MessageState;
  channel?: MessageChannel;
  /** Calendar days `yyyy-mm-dd`, both included. */
  from?: string;
  to?: string;
};

function messageQuery(filter: MessageFilter) {
  const query: Record<string, unknown> = {};
  if (filter.recipient) query.to = filter.recipient;
  if (filter.state) query.state = filter.state;
  if (filter.channel) query.channel = filter.channel;
  const createdAt = calendarDayRange(filter.from, filter.to);
  if (createdAt) query.createdAt = createdAt;
  return query;
}

/** The admin list: newest first, a page at a time. */
export async function listMessages(filter: MessageFilter, page: number, perPage: number) {
  const query = messageQuery(filter);
  const [rows, total] = await Promise.all([
    Outbox.find(query)
      // Never the sealed code: the page shows the message as stored, the code masked.
      .select("-secret")
      .sort({ createdAt: -1 })
      .skip((page - 1) * perPage)
      .limit(perPage)
      .lean<OutboxMessage[]>(),
    Outbox.countDocuments(query),
  ]);
  return { rows, total };
}

/** How many messages are in each state. */
export async function countMessagesByState(): Promise<Record<MessageState, number>> {
  const groups = await Outbox.aggregate<{ _id: MessageState; n: number }>([
    { $group: { _id: "$state", n: { $sum: 1 } } },
  ]);
  const counts = Object.fromEntries(MESSAGE_STATES.map((s) => [s, 0])) as Record<MessageState, number>;
  for (const g of groups) counts[g._id] = g.n;
  return counts;
}
