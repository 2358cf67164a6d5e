/**
 * A local stand-in for Africa's Talking's SMS API (POST /version1/messaging), speaking its documented request and
 * answers: the `apiKey` header and the `username` field are checked (401 with a plain-text body otherwise); the
 * recipient's status code comes from the number's last four digits when they name one (0403 InvalidPhoneNumber,
 * 0405 InsufficientBalance, 0406 UserInBlacklist, 0409 DoNotDisturbRejection); a number ending 0999 never gets an answer.
 */
import http from "node:http";
import { listenLocally } from "#tests/support/stand-ins/listen.ts";

const STATUS: Record<string, [number, string]> = {
  "0403": [403, "InvalidPhoneNumber"],
  "0405": [405, "InsufficientBalance"],
  "0406": [406, "UserInBlacklist"],
  "0409": [409, "DoNotDisturbRejection"],
};

export type StandInRequest = { username: string; to: string; message: string; from: string | null };

export async function startAfricasTalkingStandIn(
  account = { username: "school", apiKey: "at-test-key" },
  options: { delayMs?: number } = {},
) {
  const received: StandInRequest[] = [];
  let n = 0;
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/version1/messaging") {
        res.writeHead(404).end("Not found");
        return;
      }
      const form = new URLSearchParams(body);
      if (req.headers.apikey !== account.apiKey || form.get("username") !== account.username) {
        res.writeHead(401, { "Content-Type": "text/plain" }).end("The supplied authentication is invalid");
        return;
      }
      const to = form.get("to") ?? "";
      received.push({
        username: form.get("username")!,
        to,
        message: form.get("message") ?? "",
        from: form.get("from"),
      });
      if (to.endsWith("0999")) return; // no answer
      const [statusCode, status] = STATUS[to.slice(-4)] ?? [101, "Success"];
      const ok = statusCode === 101;
      setTimeout(() => answer(to, statusCode, status, ok), options.delayMs ?? 0);
    });
    function answer(to: string, statusCode: number, status: string, ok: boolean) {
      res.writeHead(201, { "Content-Type": "application/json" }).end(
        JSON.stringify({
          SMSMessageData: {
            Message: ok ? "Sent to 1/1 Total Cost: GHS 0.0300" : "Sent to 0/1 Total Cost: 0",
            Recipients: [
              {
                statusCode,
                number: to,
                status,
                cost: ok ? "GHS 0.0300" : "0",
                messageId: ok ? `ATXid_${++n}` : "None",
              },
            ],
          },
        }),
      );
    }
  });
  return { ...(await listenLocally(server)), received };
}
