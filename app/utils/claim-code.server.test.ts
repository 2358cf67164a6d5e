import { afterEach, expect, it, vi } from "vitest";
import { CLAIM_CODE_SHOWN_MINUTES } from "#app/domain/registration.ts";
import { rememberSubmission, submittedHere } from "#app/utils/claim-code.server.ts";

afterEach(() => vi.useRealTimers());

const withCookie = (setCookie: string) =>
  new Request("http://portal.test/", { headers: { Cookie: setCookie.split(";")[0] } });

it("lets the submitting browser see its claim codes for 30 minutes, counted by the server, not by the cookie's renewal", async () => {
  vi.useFakeTimers({ now: new Date("2026-11-26T10:00:00Z") });
  const first = await rememberSubmission(new Request("http://portal.test/"), "firstreference01");
  expect(await submittedHere(withCookie(first), "firstreference01")).toBe(true);
  expect(await submittedHere(withCookie(first), "someoneelses0001")).toBe(false);

  // Another family on the same browser 20 minutes later: the cookie is renewed, the first entry keeps its own time.
  vi.setSystemTime(new Date("2026-11-26T10:20:00Z"));
  const second = await rememberSubmission(withCookie(first), "secondreference1");
  vi.setSystemTime(new Date(Date.parse("2026-11-26T10:00:00Z") + CLAIM_CODE_SHOWN_MINUTES * 60_000 + 1));
  expect(await submittedHere(withCookie(second), "firstreference01"), "the first family's code is gone").toBe(false);
  expect(await submittedHere(withCookie(second), "secondreference1")).toBe(true);
});

it("ignores a cookie it did not sign", async () => {
  const forged = `__submitted=${Buffer.from(JSON.stringify([{ ref: "firstreference01", at: Date.now() }])).toString("base64")}`;
  expect(await submittedHere(withCookie(forged), "firstreference01")).toBe(false);
});
