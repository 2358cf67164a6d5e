/**
 * E-mail over SMTP with nodemailer (docs/messages.md): the transport comes from `SMTP_URL`
 * (`smtps://user:password@smtp.example.org:465`), the sender address from `EMAIL_FROM`. nodemailer earns its place:
 * SMTP's dialogue (STARTTLS, authentication methods, pipelining, MIME encoding of names like Ɛfua) is a protocol
 * nobody should write again. A 5xx answer to the recipient is final; anything else (a refused login, a full mailbox
 * server, a connection that drops) is retried by the outbox.
 */
import nodemailer from "nodemailer";
import { ProviderError, type MessageProvider } from "#app/services/messaging/sms-provider.ts";

export type SmtpConfig = { url: string; from: string };

/** Both SMTP_URL and EMAIL_FROM, or nothing: a made-up sender address is refused by real mail servers. */
export function smtpConfig(env: NodeJS.ProcessEnv): SmtpConfig | null {
  const url = env.SMTP_URL?.trim();
  const from = env.EMAIL_FROM?.trim();
  return url && from ? { url, from } : null;
}

/** One transport per SMTP_URL for the process (the provider is looked up for every message). */
const transports = new Map<string, ReturnType<typeof nodemailer.createTransport>>();

export function smtpProvider(config: SmtpConfig): MessageProvider {
  let transport = transports.get(config.url);
  if (!transport) transports.set(config.url, (transport = nodemailer.createTransport(config.url)));
  return {
    name: "smtp",
    async send({ to, text, subject }, signal) {
      try {
        const info = await transport.sendMail({ from: config.from, to, subject: subject ?? "", text, signal });
        if (info.rejected.length > 0) throw new ProviderError(`The mail server refused ${to}`, true);
        return { providerMessageId: info.messageId ?? null };
      } catch (error) {
        if (error instanceof ProviderError) throw error;
        const e = error as { responseCode?: number; response?: string; message?: string };
        const permanent = typeof e.responseCode === "number" && e.responseCode >= 500 && e.responseCode !== 535;
        throw new ProviderError(`SMTP: ${e.response ?? e.message ?? String(error)}`.slice(0, 300), permanent);
      }
    },
  };
}
