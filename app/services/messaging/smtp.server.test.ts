import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";
import { smtpProvider } from "#app/services/messaging/smtp.server.ts";
import { refusal } from "#tests/support/provider-refusal.ts";

/** A local SMTP server (the smtp-server package): takes mail, refuses one mailbox, and one login. */
let server: SMTPServer;
let port = 0;
const received: { to: string[]; raw: string }[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === "school" && auth.password === "right") return callback(null, { user: "school" });
      callback(new Error("Invalid username or password"));
    },
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith("gone@")) {
        const error = Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const provider = (auth = "school:right") =>
  smtpProvider({ url: `smtp://${auth}@127.0.0.1:${port}`, from: "Vacation Classes <office@school.example>" });

describe("e-mail over SMTP", () => {
  it("delivers the subject and text to the recipient, names encoded", async () => {
    const result = await provider().send(
      { to: "parent@example.com", subject: "Receipt for Ɛfua", text: "Payment received. Thank you." },
      AbortSignal.timeout(5_000),
    );
    expect(result.providerMessageId).toMatch(/@/);
    const mail = received.at(-1)!;
    expect(mail.to).toEqual(["parent@example.com"]);
    expect(mail.raw).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(mail.raw).toContain("Payment received. Thank you.");
    expect(mail.raw).toContain("From: Vacation Classes <office@school.example>");
  });

  it("a refused mailbox is final; a refused login is retried (an operator fixes it)", async () => {
    expect(
      await refusal(provider().send({ to: "gone@example.com", text: "x" }, AbortSignal.timeout(5_000))),
    ).toMatchObject({ permanent: true });
    expect(
      await refusal(provider("school:wrong").send({ to: "a@example.com", text: "x" }, AbortSignal.timeout(5_000))),
    ).toMatchObject({
      permanent: false,
    });
  });
});
