import { expect } from "vitest";
import { ProviderError } from "#app/services/messaging/sms-provider.ts";

/** The ProviderError a provider's send was refused with (the test fails if it was taken, or failed otherwise). */
export async function refusal(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}
