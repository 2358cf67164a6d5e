/**
 * Hubtel's USSD gateway as the portal meets it (Programmable Services, app/services/messaging/hubtel-ussd.server.ts): a session
 * posts `Initiation` with the code dialled, then each answer as `Response` with the `ClientState` the portal gave,
 * until the portal answers `release`; `Sequence` counts the steps. What the phone would show is each answer's Message.
 */
import { randomUUID } from "node:crypto";

export type HubtelAnswer = {
  SessionId: string;
  Type: string;
  Message: string;
  Label?: string;
  ClientState: string;
  DataType?: string;
  FieldType?: string;
};

export function hubtelUssdSession(url: string, mobile: string, serviceCode = "*920*44#") {
  const sessionId = randomUUID().replaceAll("-", "");
  let state = "";
  let sequence = 0;
  const screens: string[] = [];
  const post = async (type: string, message: string) => {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({
        Type: type,
        Mobile: mobile.replace(/^\+/, ""),
        SessionId: sessionId,
        ServiceCode: serviceCode.replace(/^\*|#$/g, ""),
        Message: message,
        Operator: "mtn",
        Sequence: ++sequence,
        ClientState: state,
        Platform: "USSD",
      }),
    });
    if (response.status !== 200) throw new Error(`Hubtel got ${response.status}: ${await response.text()}`);
    const answer = (await response.json()) as HubtelAnswer;
    state = answer.ClientState;
    screens.push(answer.Message);
    return answer;
  };
  return {
    sessionId,
    /** Every Message shown so far. */
    screens,
    dial: () => post("Initiation", serviceCode),
    answer: (choice: string) => post("Response", choice),
    release: () => post("Release", ""),
  };
}
