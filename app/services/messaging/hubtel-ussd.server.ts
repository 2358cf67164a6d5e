/**
 * Hubtel's USSD, through its Programmable Services API (https://developers.hubtel.com/docs/api-reference-prog-services):
 * Hubtel posts each step of a session to the service's interaction URL as JSON — `Type` ("Initiation" when the number
 * dials, "Response" for each answer, "Release" when the person ends it, "Timeout" when the network does), `SessionId`,
 * `Mobile` (233…), `ServiceCode`, `Message` (the code dialled at initiation, else the answer typed), `Operator`,
 * `Sequence` and `ClientState` (what the previous answer asked Hubtel to send back). The answer is JSON: `SessionId`,
 * `Type` ("response" keeps the session open, "release" ends it), `Message` (the screen), `Label`, `ClientState`,
 * `DataType` and `FieldType`. Hubtel sends only the latest answer, so the choices so far travel in `ClientState` and
 * the same menu as Africa's Talking's (app/domain/ussd.ts) reads them joined by `*`. Type names are compared without
 * regard to case (the reference writes them both ways).
 */
import { momoNetworkOf } from "#app/domain/checkout.ts";
import type { UssdRequest, UssdScreen } from "#app/services/messaging/phone-channel.server.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";

export type HubtelUssd = {
  sessionId: string;
  /** Release or Timeout: the person or the network ended the session; nothing is shown. */
  ended: boolean;
  request: UssdRequest;
};

const text = (value: unknown, max: number) =>
  typeof value === "string" ? value.slice(0, max) : typeof value === "number" ? String(value) : "";

/** The request as the menu reads it, or why it cannot be read (a 400). */
export function readHubtelUssd(body: unknown): HubtelUssd | { error: string } {
  if (!body || typeof body !== "object" || Array.isArray(body)) return { error: "The body is not a JSON object" };
  const b = body as Record<string, unknown>;
  const type = text(b.Type, 20).toLowerCase();
  const sessionId = text(b.SessionId, 200);
  const mobile = text(b.Mobile, 30);
  if (!sessionId || !mobile || !["initiation", "response", "release", "timeout"].includes(type))
    return { error: "Type, SessionId and Mobile are required" };
  const state = text(b.ClientState, 100);
  const answer = text(b.Message, 20).trim();
  // The choices so far: none at initiation (its Message is the code dialled); the state plus this answer after.
  const choices = type === "initiation" ? "" : state ? `${state}*${answer}` : answer;
  return {
    sessionId,
    ended: type === "release" || type === "timeout",
    request: {
      sessionId,
      serviceCode: text(b.ServiceCode, 30),
      phoneNumber: mobile,
      text: choices,
      network: momoNetworkOf(text(b.Operator, 30)),
    },
  };
}

/** The JSON Hubtel shows: the screen, and the choices so far for the next step. A session already ended gets a release. */
export function hubtelUssdAnswer(hubtel: HubtelUssd, screen: UssdScreen | null) {
  const end = !screen || screen.end;
  return {
    SessionId: hubtel.sessionId,
    Type: end ? "release" : "response",
    Message: screen?.text ?? "",
    Label: SCHOOL_NAME,
    ClientState: end ? "" : hubtel.request.text,
    DataType: end ? "display" : "input",
    FieldType: "text",
  };
}
