/**
 * A local stand-in for Hubtel's SMS API (POST /v1/messages/send), speaking its documented request and answers: Basic
 * authentication is checked (401); a number ending 0001…0008 is refused with that subcode (HTTP 400), 0402 with 402
 * (too little credit), 0403 with 403 (no consent), 0500 with a 500, 0999 gets no answer; 0201 is taken in the wrapped
 * form of Hubtel's developer portal (`{ message, responseCode: "0000", data: { … } }`), 0202 with a 200 whose body is
 * not JSON, 0203 with a wrapped refusal (a `responseCode` other than "0000"); everything else is taken in the flat form
 * with a message id. Delivery reports are the caller's to post (see hubtel-sms e2e). The status look-up
 * (GET /v1/messages/{id}, the same authentication) answers what the test put in `lookups` for that id, 404 otherwise.
 */
import http from "node:http";
import { listenLocally } from "#tests/support/stand-ins/listen.ts";

export async function startHubtelSmsStandIn(clientId = "hub-id", clientSecret = "hub-secret") {
  const received: { From: string; To: string; Content: string }[] = [];
  const lookups = new Map<string, unknown>();
  let n = 0;
  const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`;
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const json = (status: number, value: unknown) =>
        res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(value));
      const lookup = req.method === "GET" ? /^\/v1\/messages\/([^/?]+)$/.exec(req.url ?? "") : null;
      if (!lookup && (req.method !== "POST" || req.url !== "/v1/messages/send"))
        return json(404, { message: "Not found" });
      if (req.headers.authorization !== expected) return json(401, { message: "Authorization has been denied." });
      if (lookup) {
        const answer = lookups.get(decodeURIComponent(lookup[1]));
        return answer === undefined ? json(404, { message: "Message not found" }) : json(200, answer);
      }
      const request = JSON.parse(body) as { From: string; To: string; Content: string };
      received.push(request);
      const to = request.To;
      if (to.endsWith("0999")) return; // no answer
      if (to.endsWith("0402")) return json(402, { status: 402, statusDescription: "Insufficient credit" });
      if (to.endsWith("0403")) return json(403, { status: 403, statusDescription: "Forbidden" });
      if (to.endsWith("0500")) return json(500, { status: 500, statusDescription: "Internal error" });
      if (to.endsWith("0201"))
        return json(200, {
          message: "Success",
          responseCode: "0000",
          data: { rate: 0.0309, messageId: `hub-${++n}`, status: 0, networkId: "62001", clientReference: null },
        });
      if (to.endsWith("0202")) return res.writeHead(200, { "Content-Type": "text/plain" }).end("Accepted");
      if (to.endsWith("0203")) return json(200, { message: "Invalid sender id", responseCode: "4005", data: null });
      const sub = /000([1-8])$/.exec(to);
      if (sub) return json(400, { status: Number(sub[1]), statusDescription: `Refused with subcode ${sub[1]}` });
      json(201, {
        rate: 0.0309,
        messageId: `hub-${++n}`,
        status: 0,
        networkId: "62001",
        clientReference: null,
        statusDescription: "request submitted successfully",
      });
    });
  });
  return { ...(await listenLocally(server)), received, lookups };
}
