/** What the outbox's sender needs from a provider (app/services/messaging/outbox-sender.server.ts), SMS or e-mail alike. */

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

/** The words an unconfigured provider's refusal starts with, as Admin → Messages and the overview show them. */
export const SMS_NOT_CONFIGURED = "SMS provider not configured";
export const EMAIL_NOT_CONFIGURED = "E-mail provider not configured";
/** The start of a refusal for want of credit (the overview warns while messages wait for it). */
export const NO_CREDIT = "SMS account out of credit";
/** What a message may wait for that saving Settings → Integrations can mend. */
export const WAITING_FOR_SETTINGS = [SMS_NOT_CONFIGURED, EMAIL_NOT_CONFIGURED, NO_CREDIT] as const;

/**
 * A provider that is chosen but cannot send: not built, or without its account. Nothing was tried, so a message
 * waits (its attempts not counted) until the provider works; a one-time code fails at once (it is valid 10 minutes).
 */
export class ProviderNotConfigured extends ProviderError {
  constructor(message: string) {
    super(message, false);
  }
}

/** One message as a provider sends it: the recipient (E.164 phone or e-mail address), the text, an e-mail's subject. */
export type OutgoingMessage = { to: string; text: string; subject?: string | null };

/** What a provider's status look-up says of a message it took: final (delivered, failed) or not yet known. */
export type DeliveryCheck = { state: "delivered" | "failed" | "pending"; reason?: string };

export interface MessageProvider {
  readonly name: string;
  /** Sends one message; throws ProviderError (or a network error, retried) when it is not taken. */
  send(message: OutgoingMessage, signal: AbortSignal): Promise<SendResult>;
  /**
   * Asks what became of a message it took, for providers that document a status look-up (Hubtel, Arkesel): the outbox
   * asks for sent messages no delivery report has settled (app/services/messaging/outbox-sender.server.ts). Throws when the
   * provider cannot be asked (asked again at the next check).
   */
  checkDelivery?(providerMessageId: string, signal: AbortSignal): Promise<DeliveryCheck>;
}

/** An SMS provider is a message provider for phone numbers. */
export type SmsProvider = MessageProvider;
