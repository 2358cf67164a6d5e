/**
 * Sign-in under argon2id (docs/decisions/0072-argon2id-passwords.md): 10 sign-ins at a time through the real form
 * post, on an app of its own (its per-address limits lifted: every bench client is 127.0.0.1), with the page the form
 * sits on (GET /portal, the same 10 at a time) measured beside it as the framework's baseline; and the hash
 * verification alone, 10 at a time, argon2id next to the scrypt 2^15 it replaces and the scrypt 2^17 it could have
 * been. Budget: sign-in p95 ≤ 300 ms.
 */
import { performance } from "node:perf_hooks";
import { MongoClient } from "mongodb";
import { hashPassword, verifyPassword } from "#app/models/password.server.ts";
import { startApp } from "./app.ts";
import { legacyScryptHash } from "#tests/support/legacy-scrypt.ts";
import type { BenchScenario } from "./types.ts";

const CONCURRENCY = 10;
const ROUNDS = 10;
export const SIGN_IN_P95_BUDGET_MS = 300;

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function timed(fn: () => Promise<unknown>) {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/** `ROUNDS` rounds of `CONCURRENCY` calls at once; every call's time. */
async function rounds(call: (i: number) => Promise<unknown>) {
  const times: number[] = [];
  for (let r = 0; r < ROUNDS; r++)
    times.push(...(await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => timed(() => call(i))))));
  return times;
}

const ms = (n: number) => `${n.toFixed(0)} ms`;

export const scenario: BenchScenario = {
  name: "sign-in",
  description: `sign-in p95 with ${CONCURRENCY} at once (argon2id) beside GET /portal, and hash verification beside scrypt`,
  async run({ app: shared, log }) {
    const lines: string[] = [];
    const failures: string[] = [];
    const app = await startApp({
      buildDir: shared.buildDir,
      seed: false,
      env: {
        AUTH_ADDRESS_PER_MINUTE: "1000000",
        AUTH_GLOBAL_PER_MINUTE: "1000000",
        SIGNIN_ADDRESS_FAILURES: "1000000",
      },
    });
    try {
      const password = "bench-password-42";
      const hash = await hashPassword(password);
      const client = await MongoClient.connect(app.mongodbUri);
      const phones = Array.from({ length: CONCURRENCY }, (_, i) => `+23350900${String(i).padStart(4, "0")}`);
      await client
        .db()
        .collection("users")
        .insertMany(
          phones.map((phone, i) => ({
            _id: `benchsignin${String(i).padStart(4, "0")}` as never,
            role: "parent",
            fullName: `Bench Parent ${i}`,
            phone,
            email: null,
            passwordHash: hash,
            createdAt: new Date(),
            updatedAt: new Date(),
          })),
        );
      await client.close();

      const signIn = async (i: number) => {
        const res = await fetch(`${app.url}/portal?role=parent`, {
          method: "POST",
          body: new URLSearchParams({ intent: "signin", phone: `0${phones[i].slice(4)}`, password }),
          redirect: "manual",
        });
        await res.arrayBuffer();
        if (res.status !== 302) throw new Error(`sign-in answered ${res.status}`);
      };
      const portal = async () => {
        const res = await fetch(`${app.url}/portal?role=parent`);
        await res.arrayBuffer();
      };
      log(`sign-in: warm-up, then ${ROUNDS} rounds of ${CONCURRENCY} at once…`);
      await signIn(0);
      await portal();
      const signIns = await rounds(signIn);
      const pages = await rounds(portal);
      const signInP95 = percentile(signIns, 95);
      const pageP95 = percentile(pages, 95);
      lines.push(
        `POST /portal sign-in, ${CONCURRENCY} at once: p50 ${ms(percentile(signIns, 50))}, p95 ${ms(signInP95)} (GET /portal beside it: p50 ${ms(percentile(pages, 50))}, p95 ${ms(pageP95)}; ratio ${(signInP95 / pageP95).toFixed(1)}×)`,
      );
      const ok = signInP95 <= SIGN_IN_P95_BUDGET_MS;
      lines.push(`  budget: sign-in p95 ≤ ${SIGN_IN_P95_BUDGET_MS} ms: ${ok ? "OK" : "OVER"}`);
      if (!ok) failures.push(`sign-in p95 ${ms(signInP95)} is over ${SIGN_IN_P95_BUDGET_MS} ms`);

      log("hash verification alone…");
      const hashes = {
        argon2id: hash,
        "scrypt 2^15": legacyScryptHash(password, 2 ** 15),
        "scrypt 2^17": legacyScryptHash(password, 2 ** 17),
      };
      const verify: Record<string, number> = {};
      for (const [name, stored] of Object.entries(hashes))
        verify[name] = percentile(await rounds(() => verifyPassword(password, stored)), 95);
      lines.push(
        `verify only, ${CONCURRENCY} at once, p95: ${Object.entries(verify)
          .map(([name, t]) => `${name} ${ms(t)} (${(t / verify["scrypt 2^15"]).toFixed(2)}× scrypt 2^15)`)
          .join(", ")}`,
      );
      return {
        lines,
        failures,
        data: {
          signInP50Ms: percentile(signIns, 50),
          signInP95Ms: signInP95,
          portalP95Ms: pageP95,
          verifyP95Ms: verify,
        },
      };
    } finally {
      await app.stop();
    }
  },
};
