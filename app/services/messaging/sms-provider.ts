/** What the outbox's sender needs from a provider (app/services/outbox-sender.server.ts), SMS or e-mail alike. */

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

/** One message as a provider sends it: the recipient (E.164 phone or e-mail address), the text, an e-mail's subject. */
export type OutgoingMessage = { to: string; text: string; subject?: string | null };

export interface MessageProvider {
  readonly name: string;
  /** Sends one message; throws ProviderError (or a network error, retried) when it is not taken. */
  send(message: OutgoingMessage, signal: AbortSignal): Promise<SendResult>;
}

/** An SMS provider is a message provider for phone numbers. */
export type SmsProvider = MessageProvider;
