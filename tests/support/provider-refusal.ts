import { expect } from "vitest";
import { ProviderError, type SmsProvider } from "#app/services/messaging/sms-provider.ts";

/** The ProviderError a provider's send was refused with (the test fails if it was taken, or failed otherwise). */
export async function refusal(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

/** What a send that never got an answer ended with, once its signal (the outbox's deadline) fired. */
export async function silenceOutcome(provider: SmsProvider): Promise<string | undefined> {
  const error = await provider.send({ to: "+233240000999", text: "x" }, AbortSignal.timeout(200)).then(
    () => null,
    (e: unknown) => e as Error,
  );
  return error?.name;
}
