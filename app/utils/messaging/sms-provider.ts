/** What the outbox's sender needs from an SMS provider (app/utils/outbox-sender.server.ts). */

export type SendResult = { providerMessageId: string | null };

/** A provider's refusal. `permanent`: the same message would be refused again (a bad number, a blocked recipient). */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

export interface SmsProvider {
  readonly name: string;
  /** Sends one text to one E.164 number; throws ProviderError (or a network error, retried) when it is not taken. */
  send(to: string, text: string, signal: AbortSignal): Promise<SendResult>;
}
