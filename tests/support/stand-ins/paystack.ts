/**
 * A local stand-in for Paystack's transaction API (https://paystack.com/docs/api/transaction/), speaking its
 * documented requests and answers: `Authorization: Bearer <secret key>` (401 `{status:false,message:"Invalid key"}`
 * otherwise); `POST /transaction/initialize` (a JSON body with email, amount in pesewas, currency, reference; a
 * reference used before is a 400 "Duplicate Transaction Reference"); `GET /transaction/verify/:reference` (400
 * "Transaction reference not found" for an unknown one); `GET /transaction?from&to&perPage&page` with `meta.pageCount`.
 * `POST /charge` (a mobile_money charge: `mobile_money.phone` and `provider` mtn, vod or atl, else 400) answers as the
 * test sets `state.charge` (pay_offline by default, send_otp, success, failed, timeout), each with Paystack's
 * `display_text`; `POST /charge/submit_otp` with the `otp` `state.otp` (a wrong one: 400 "Invalid OTP") moves a
 * send_otp charge to pay_offline.
 * The test plays the payer with `settle` (what the network did), and the network with `failNext` (a 5xx) and
 * `delayMs` (no answer in time). With `tls` it speaks HTTPS and its `authorization_url` is its own hosted checkout
 * page (`GET /<access code>`, as checkout.paystack.com serves it), on an origin other than the portal's.
 */
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";

type Transaction = {
  id: number;
  reference: string;
  amount: number;
  /** What the merchant asked for; `amount` adds the fee when the fee is passed to the customer. */
  requested_amount: number;
  currency: string;
  email: string;
  status: string;
  channel: string;
  paid_at: string | null;
  createdAt: string;
  authorization: { bank: string | null; channel: string };
  callback_url: string;
  channels: string[];
  metadata: unknown;
};

/** A charge's `data` as Paystack's documentation shows it for each status. */
function chargeData(reference: string, status: string) {
  const display: Record<string, string> = {
    pay_offline: "Please complete authorization process on your mobile phone",
    send_otp: "Please send the OTP sent to your phone",
    failed: "Declined",
    timeout: "The transaction timed out",
  };
  return { reference, status, ...(display[status] ? { display_text: display[status] } : {}) };
}

export async function startPaystackStandIn(
  secretKey = "sk_test_standin",
  options: { tls?: { key: string; cert: string } } = {},
) {
  const transactions = new Map<string, Transaction>();
  const state: {
    failNext: number;
    delayMs: number;
    charge: "pay_offline" | "send_otp" | "success" | "failed" | "timeout";
    otp: string;
  } = { failNext: 0, delayMs: 0, charge: "pay_offline", otp: "123456" };
  let n = 1000;
  let origin = "https://checkout.paystack.com";
  /** A transaction the portal started (a checkout or a charge), as Paystack keeps it; `fields` say how it stands. */
  const record = (reference: string, amount: number, input: Record<string, unknown>, fields: Partial<Transaction>) =>
    transactions.set(reference, {
      id: ++n,
      reference,
      amount,
      requested_amount: amount,
      currency: String(input.currency ?? "NGN"),
      email: String(input.email),
      status: "abandoned",
      channel: "mobile_money",
      paid_at: null,
      createdAt: new Date().toISOString(),
      authorization: { bank: null, channel: "mobile_money" },
      callback_url: "",
      channels: [],
      metadata: null,
      ...fields,
    });
  const handler: http.RequestListener = (req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const send = (status: number, json: unknown) =>
        setTimeout(() => {
          if (!res.destroyed) res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(json));
        }, state.delayMs);
      const hosted = /^\/(ac_\d+)$/.exec(req.url ?? "");
      if (req.method === "GET" && hosted && options.tls) {
        const tx = [...transactions.values()].find((t) => t.id === Number(hosted[1].slice(3)));
        res.writeHead(tx ? 200 : 404, { "Content-Type": "text/html; charset=utf-8" });
        return res.end(
          `<!doctype html><html lang="en"><title>Paystack Checkout</title><h1>Paystack Checkout</h1><p>Pay GHS ${((tx?.amount ?? 0) / 100).toFixed(2)}</p></html>`,
        );
      }
      if (req.headers.authorization !== `Bearer ${secretKey}`)
        return send(401, { status: false, message: "Invalid key" });
      if (state.failNext > 0) {
        state.failNext -= 1;
        return send(502, { status: false, message: "Bad gateway" });
      }
      const url = new URL(req.url ?? "/", "http://stand-in");
      if (req.method === "POST" && url.pathname === "/transaction/initialize") {
        const input = JSON.parse(body || "{}") as Record<string, unknown>;
        const amount = Number(input.amount);
        if (!input.email || !Number.isSafeInteger(amount) || amount <= 0)
          return send(400, { status: false, message: "Invalid amount or email" });
        const reference = String(input.reference);
        if (transactions.has(reference))
          return send(400, { status: false, message: "Duplicate Transaction Reference" });
        record(reference, amount, input, {
          status: "abandoned",
          callback_url: String(input.callback_url ?? ""),
          channels: (input.channels as string[]) ?? [],
          metadata: input.metadata ?? null,
        });
        return send(200, {
          status: true,
          message: "Authorization URL created",
          data: { authorization_url: `${origin}/ac_${n}`, access_code: `ac_${n}`, reference },
        });
      }
      if (req.method === "POST" && url.pathname === "/charge") {
        const input = JSON.parse(body || "{}") as Record<string, unknown>;
        const momo = input.mobile_money as { phone?: string; provider?: string } | undefined;
        const amount = Number(input.amount);
        if (!input.email || !Number.isSafeInteger(amount) || amount <= 0 || !momo?.phone)
          return send(400, { status: false, message: "Invalid amount, email or phone" });
        if (!["mtn", "vod", "atl"].includes(String(momo.provider)))
          return send(400, { status: false, message: "Invalid mobile money provider" });
        const reference = String(input.reference);
        if (transactions.has(reference))
          return send(400, { status: false, message: "Duplicate Transaction Reference" });
        const outcome = state.charge;
        const paid = outcome === "success";
        record(reference, amount, input, {
          status: paid ? "success" : outcome === "pay_offline" || outcome === "send_otp" ? "ongoing" : "failed",
          paid_at: paid ? new Date().toISOString() : null,
          authorization: { bank: paid ? "MTN" : null, channel: "mobile_money" },
          channels: ["mobile_money"],
          metadata: { mobile_money: momo },
        });
        return send(200, { status: true, message: "Charge attempted", data: chargeData(reference, outcome) });
      }
      if (req.method === "POST" && url.pathname === "/charge/submit_otp") {
        const input = JSON.parse(body || "{}") as { otp?: string; reference?: string };
        const tx = transactions.get(String(input.reference));
        if (!tx) return send(400, { status: false, message: "Transaction reference not found" });
        if (input.otp !== state.otp) return send(400, { status: false, message: "Invalid OTP" });
        return send(200, { status: true, message: "Charge attempted", data: chargeData(tx.reference, "pay_offline") });
      }
      const verify = /^\/transaction\/verify\/(.+)$/.exec(url.pathname);
      if (req.method === "GET" && verify) {
        const tx = transactions.get(decodeURIComponent(verify[1]));
        if (!tx) return send(400, { status: false, message: "Transaction reference not found" });
        return send(200, { status: true, message: "Verification successful", data: tx });
      }
      if (req.method === "GET" && url.pathname === "/transaction") {
        const from = Date.parse(url.searchParams.get("from") ?? "1970-01-01");
        const to = Date.parse(url.searchParams.get("to") ?? "2999-01-01");
        const perPage = Number(url.searchParams.get("perPage") ?? 50);
        const page = Number(url.searchParams.get("page") ?? 1);
        const all = [...transactions.values()].filter(
          (t) => Date.parse(t.createdAt) >= from && Date.parse(t.createdAt) < to,
        );
        return send(200, {
          status: true,
          message: "Transactions retrieved",
          data: all.slice((page - 1) * perPage, page * perPage),
          meta: { total: all.length, perPage, page, pageCount: Math.max(1, Math.ceil(all.length / perPage)) },
        });
      }
      send(404, { status: false, message: "Not found" });
    });
  };
  const server = options.tls ? https.createServer(options.tls, handler) : http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `${options.tls ? "https" : "http"}://127.0.0.1:${port}`;
  if (options.tls) origin = baseUrl;
  return {
    baseUrl,
    secretKey,
    transactions,
    state,
    /** The payer answered: success (with what the network took), failed, or a transaction made at the gateway only. */
    settle(reference: string, status: "success" | "failed", change: Partial<Transaction> = {}) {
      const tx = transactions.get(reference);
      if (!tx) throw new Error(`No transaction ${reference}`);
      Object.assign(tx, { status, paid_at: status === "success" ? new Date().toISOString() : null }, change);
      if (status === "success") tx.authorization = { bank: "MTN", channel: "mobile_money" };
      return tx;
    },
    add(tx: Partial<Transaction> & { reference: string; amount: number }) {
      transactions.set(tx.reference, {
        id: ++n,
        requested_amount: tx.amount,
        currency: "GHS",
        email: "someone@example.com",
        status: "success",
        channel: "mobile_money",
        paid_at: new Date().toISOString(),
        createdAt: new Date().toISOString(),
        authorization: { bank: "VOD", channel: "mobile_money" },
        callback_url: "",
        channels: [],
        metadata: null,
        ...tx,
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
