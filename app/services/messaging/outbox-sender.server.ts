/**
 * The outbox's sender (docs/decisions/0077-outbox.md): runs in every app instance, started and stopped beside the HTTP
 * server (server/lifecycle.ts). Each worker takes the next due message under a lease, sends it through the provider
 * Settings choose (with a timeout), and records what happened: sent, queued again after a growing delay, or failed.
 * A process killed mid-send leaves its message leased; when the lease runs out another sender takes it again, so a
 * message the provider never acknowledged is sent again, once.
 */
import { weeklyProgressIfDue } from "#app/services/teaching/weekly-progress.server.ts";
import { randomUUID } from "node:crypto";
import {
  CODE_MASK,
  type OutboxMessage,
  claimNextMessage,
  claimStatusCheck,
  recordLookedUpDelivery,
  statusStillPending,
  markAttemptFailed,
  markSent,
  markWaitingForProvider,
} from "#app/models/outbox.server.ts";
import { env } from "#app/models/infra/env.server.ts";
import { NO_CREDIT, ProviderNotConfigured } from "#app/services/messaging/sms-provider.ts";
import { providerFailures, type ProviderFailure } from "#app/models/infra/metrics.server.ts";
import { unseal } from "#app/models/infra/sealed-secret.server.ts";
import { getSettings } from "#app/models/settings.server.ts";
import {
  ProviderError,
  type SmsProvider,
  emailProviderFor,
  smsProviderFor,
} from "#app/services/messaging/providers.server.ts";
import { clearQueuedFlags, repairPendingMessages } from "#app/services/messaging/notifications.server.ts";
import { logFor } from "#app/models/infra/log.server.ts";

const log = logFor("outbox");

export type SenderOptions = {
  /** How long a taken message is this sender's; longer than the provider timeout. */
  leaseMs?: number;
  /** How long one provider call may take. */
  timeoutMs?: number;
  /** How long an idle worker waits before looking again. */
  pollMs?: number;
  /** Messages in flight at once. */
  concurrency?: number;
  /** The provider for a message (tests give a stand-in; the app asks Settings). */
  providerFor?: (message: OutboxMessage) => Promise<SmsProvider>;
  /** false: no scheduled messages from this sender (the weekly progress SMS; tests of the sender alone). */
  schedule?: boolean;
};

const defaultProviderFor = async (message: OutboxMessage) => {
  const settings = await getSettings();
  return message.channel === "sms" ? smsProviderFor(settings, env.demo) : emailProviderFor(settings, env.demo);
};

/** How often each instance looks for events whose message a stopped process did not queue (an indexed query). */
const REPAIR_EVERY_MS = 5 * 60_000;

/** Takes and sends one due message; false when none is due. */
export async function sendNextMessage(owner: string, options: SenderOptions = {}): Promise<boolean> {
  const leaseMs = options.leaseMs ?? 60_000;
  const message = await claimNextMessage(owner, leaseMs);
  if (!message) return false;
  const provider = await (options.providerFor ?? defaultProviderFor)(message);
  try {
    const outgoing = withSecret(message);
    const { providerMessageId } = await withTimeout(options.timeoutMs ?? 15_000, (signal) =>
      provider.send(outgoing, signal),
    );
    await markSent(message, provider.name, providerMessageId, { checkStatus: Boolean(provider.checkDelivery) });
  } catch (error) {
    providerFailures.inc({ provider: provider.name, channel: message.channel, reason: failureReason(error) });
    if (error instanceof ProviderNotConfigured) {
      await markWaitingForProvider(message, provider.name, error.message);
      return true;
    }
    const permanent = error instanceof ProviderError && error.permanent;
    await markAttemptFailed(message, provider.name, error instanceof Error ? error.message : String(error), {
      permanent,
    });
  }
  return true;
}

/**
 * Asks the provider's status look-up about one sent message whose check is due (Hubtel, Arkesel); false when none
 * is. A final answer is recorded as a delivery report would be; anything else (not yet known, the provider not
 * answering, the account since changed to another provider) waits for the next step, and after the last the
 * message's delivery is unknown.
 */
export async function checkNextDelivery(options: SenderOptions = {}): Promise<boolean> {
  const message = await claimStatusCheck(options.leaseMs ?? 60_000);
  if (!message) return false;
  const provider = await (options.providerFor ?? defaultProviderFor)(message);
  if (provider.name !== message.provider || !provider.checkDelivery || !message.providerMessageId) {
    await statusStillPending(message);
    return true;
  }
  const id = message.providerMessageId;
  const answer = await withTimeout(options.timeoutMs ?? 15_000, (signal) => provider.checkDelivery!(id, signal)).catch(
    (error: unknown) => {
      log.warn(`${provider.name}: status look-up of ${id.slice(0, 60)} failed: ${(error as Error).message}`);
      return { state: "pending" as const };
    },
  );
  if (answer.state === "pending") await statusStillPending(message);
  else await recordLookedUpDelivery(message, answer.state === "delivered", answer.reason);
  return true;
}

/** The `reason` label of a failed send (/metrics): what an operator does about it differs for each. */
function failureReason(error: unknown): ProviderFailure {
  if (error instanceof ProviderNotConfigured) return "not-configured";
  if (error instanceof ProviderError && error.message.startsWith(NO_CREDIT)) return "no-credit";
  return error instanceof ProviderError && error.permanent ? "refused" : "unavailable";
}

/**
 * The text as it goes out: a one-time code's message gets its code back in place of the mask. A code that can no
 * longer be opened (removed after a final failure, or sealed under a secret no longer configured) is not sent as a
 * mask: the message fails for good, and the person asks for a new code.
 */
function withSecret(message: OutboxMessage): OutboxMessage {
  if (message.secret) {
    const code = unseal(message.secret);
    if (code !== null) return { ...message, text: message.text.replace(CODE_MASK, code) };
  }
  if (message.text.includes(CODE_MASK))
    throw new ProviderError("The code in this message is no longer available: ask for a new code.", true);
  return message;
}

/** The call, aborted (and refused) after `ms`: the timeout holds even for a provider that does not listen to the signal. */
async function withTimeout<T>(ms: number, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new Error("The provider did not answer in time.");
      controller.abort(error);
      reject(error);
    }, ms);
  });
  try {
    return await Promise.race([call(controller.signal), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/** Starts the workers; `stop` lets the messages in flight finish (their results are recorded) and ends the loop. */
export function startOutboxSender(options: SenderOptions = {}) {
  const leaseSeconds = Number(process.env.OUTBOX_LEASE_SECONDS);
  if (options.leaseMs === undefined && leaseSeconds > 0) options = { ...options, leaseMs: leaseSeconds * 1000 };
  const owner = `${process.pid}-${randomUUID().slice(0, 8)}`;
  const pollMs = options.pollMs ?? 1_000;
  let running = true;
  const sleeping = new Set<() => void>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        sleeping.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref();
      sleeping.add(done);
    });
  let failing = false;
  // First, and every few minutes after, what a stopped process left unqueued (app/services/messaging/notifications.server.ts),
  // so events of an instance that never comes back are not left to the next start; then the workers.
  const repair = () =>
    repairPendingMessages()
      .then((n) => {
        if (n) log.warn(`repair: queued the messages of ${n} event(s) a stopped process left`);
      })
      .catch((error: unknown) => log.error({ err: error }, "repair failed"));
  // The weekly progress SMS when it is due (Fridays from 4 pm): one caller of all claims each week's run. Not awaited
  // by the workers: codes and receipts go on being sent while it runs.
  const scheduled = () =>
    options.schedule === false
      ? Promise.resolve()
      : weeklyProgressIfDue()
          .then((run) => {
            if (run) log.warn(`weekly progress ${run.week}: ${run.queued} SMS queued`);
          })
          .catch((error: unknown) => log.error({ err: error }, "weekly progress failed"));
  const repaired = repair();
  void repaired.then(scheduled);
  const repairs = setInterval(() => void repair().then(scheduled), REPAIR_EVERY_MS);
  repairs.unref();
  const worker = async () => {
    await repaired;
    while (running) {
      let sent = false;
      try {
        // Sending first; with nothing to send, one due status look-up.
        sent = (await sendNextMessage(owner, options)) || (await checkNextDelivery(options));
        failing = false;
      } catch (error) {
        // The database is not reachable yet (start-up) or for a while: look again later, and say so once.
        if (running && !failing) log.error({ err: error }, "the sender cannot reach the database");
        failing = true;
      }
      if (!sent && running) await sleep(pollMs);
    }
  };
  const workers = Array.from({ length: options.concurrency ?? 2 }, worker);
  return {
    owner,
    async stop() {
      running = false;
      clearInterval(repairs);
      for (const done of [...sleeping]) done();
      await Promise.all(workers);
      // The requests have finished: the flags of the messages they queued are cleared before the database closes.
      await clearQueuedFlags();
    },
  };
}
