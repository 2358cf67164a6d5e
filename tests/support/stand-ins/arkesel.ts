/**
 * A local stand-in for Arkesel's SMS V2 API (POST /api/v2/sms/send), speaking its documented request and answers:
 * the `api-key` header is checked (401), a number ending 0402 answers 402 (insufficient balance), 0422 a 422
 * validation error, 0400 lands under "invalid numbers", 0999 gets no answer, 0077 is echoed in its local form (as
 * Arkesel may); everything else is taken with an id. The look-up of one message (GET /api/v2/sms/{id}, the same key)
 * answers what the test put in `lookups` for that id, 404 otherwise.
 */
import http from "node:http";
import { listenLocally } from "#tests/support/stand-ins/listen.ts";

export async function startArkeselStandIn(apiKey = "ark-test-key") {
  const received: { sender: string; message: string; recipients: string[]; callback_url?: string }[] = [];
  const lookups = new Map<string, unknown>();
  let n = 0;
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const json = (status: number, value: unknown) =>
        res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(value));
      const lookup = req.method === "GET" ? /^\/api\/v2\/sms\/([^/?]+)$/.exec(req.url ?? "") : null;
      if (!lookup && (req.method !== "POST" || req.url !== "/api/v2/sms/send"))
        return json(404, { message: "Not found" });
      if (req.headers["api-key"] !== apiKey) return json(401, { status: "error", message: "Invalid API key" });
      if (lookup) {
        const answer = lookups.get(decodeURIComponent(lookup[1]));
        return answer === undefined ? json(404, { status: "error", message: "SMS not found" }) : json(200, answer);
      }
      const request = JSON.parse(body) as { sender: string; message: string; recipients: string[] };
      received.push(request);
      const to = request.recipients[0] ?? "";
      if (to.endsWith("0999")) return; // no answer
      if (to.endsWith("0402")) return json(402, { status: "error", message: "Insufficient balance" });
      if (to.endsWith("0422"))
        return json(422, { message: "The given data was invalid.", errors: { sender: ["The sender is invalid."] } });
      if (to.endsWith("0423"))
        return json(422, { message: "The given data was invalid.", errors: { message: ["The message is too long."] } });
      if (to.endsWith("0400")) return json(200, { status: "success", data: [{ "invalid numbers": [to] }] });
      const echoed = to.endsWith("0077") ? `0${to.slice(3)}` : to;
      json(200, { status: "success", data: [{ recipient: echoed, id: `ark-${++n}` }] });
    });
  });
  return { ...(await listenLocally(server)), received, lookups };
}
