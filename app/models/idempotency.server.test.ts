import mongoose from "mongoose";
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "#tests/support/test-database.ts";
import { IdempotencyKey, isIdempotencyKey, runOnce } from "#app/models/idempotency.server.ts";

const Thing = mongoose.model(
  "IdempotencyTestThing",
  new mongoose.Schema({ _id: String, n: Number }),
  "idempotency_test_things",
);

useTestDatabase("idempotency_test", { init: [IdempotencyKey] });

beforeEach(async () => {
  await IdempotencyKey.deleteMany({});
  await Thing.deleteMany({});
});

const KEY = "k1234567890abcdefghij";
let counter = 0;
/** The guarded work: writes one record (slowly, so duplicates overlap it) and returns its id. */
async function createThing() {
  const id = `thing${++counter}`;
  await new Promise((r) => setTimeout(r, 50));
  await Thing.create({ _id: id, n: counter });
  return { reference: id };
}

describe("runOnce", () => {
  it("concurrent duplicates of one key write one record and all get its result", async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, () => runOnce("registration", KEY, createThing, () => true, { pollMs: 10 })),
    );
    expect(await Thing.countDocuments()).toBe(1);
    const only = await Thing.findOne().lean();
    for (const o of outcomes) expect(o).toMatchObject({ status: "done", value: { reference: only!._id } });
    expect(outcomes.filter((o) => o.status === "done" && !o.repeated)).toHaveLength(1);
  });

  it("a repeated key later gets the first result; another key or scope does the work again", async () => {
    const first = await runOnce("registration", KEY, createThing, () => true);
    const again = await runOnce("registration", KEY, createThing, () => true);
    expect(again).toEqual({ status: "done", value: (first as { value: unknown }).value, repeated: true });
    await runOnce("registration", `${KEY}x`, createThing, () => true);
    await runOnce("admin-registration", KEY, createThing, () => true);
    expect(await Thing.countDocuments()).toBe(3);
  });

  it("a result that is not final (a validation error) releases the key for the corrected form", async () => {
    const refused = await runOnce(
      "registration",
      KEY,
      async () => ({ error: "Please fill in: Ward Name" }),
      () => false,
    );
    expect(refused).toMatchObject({ status: "done", value: { error: "Please fill in: Ward Name" } });
    expect(await IdempotencyKey.countDocuments()).toBe(0);
    const ok = await runOnce("registration", KEY, createThing, () => true);
    expect(ok).toMatchObject({ status: "done", repeated: false });
    expect(await Thing.countDocuments()).toBe(1);
  });

  it("work that throws releases the key", async () => {
    await expect(
      runOnce(
        "registration",
        KEY,
        async () => Promise.reject(new Error("db down")),
        () => true,
      ),
    ).rejects.toThrow("db down");
    expect(await runOnce("registration", KEY, createThing, () => true)).toMatchObject({
      status: "done",
      repeated: false,
    });
  });

  it("a request still running makes a duplicate wait, then answer busy; a dead claim is taken over", async () => {
    let release!: () => void;
    const slow = runOnce(
      "registration",
      KEY,
      () => new Promise<{ reference: string }>((r) => (release = () => r({ reference: "slow" }))),
      () => true,
    );
    await new Promise((r) => setTimeout(r, 30));
    expect(await runOnce("registration", KEY, createThing, () => true, { waitMs: 100, pollMs: 10 })).toEqual({
      status: "busy",
    });
    release();
    await slow;
    expect(await Thing.countDocuments()).toBe(0);

    await IdempotencyKey.create({
      _id: "registration:dead1234567890abcdef",
      state: "pending",
      lockedUntil: new Date(Date.now() - 1000),
      expiresAt: new Date(Date.now() + 60_000),
    });
    const taken = await runOnce("registration", "dead1234567890abcdef", createThing, () => true);
    expect(taken).toMatchObject({ status: "done", repeated: false });
  });

  it("accepts only key-shaped values", () => {
    expect(isIdempotencyKey(KEY)).toBe(true);
    expect(isIdempotencyKey(crypto.randomUUID())).toBe(true);
    for (const bad of ["", "short", "a".repeat(65), "has space in it here", "$where:1234567890abc", null, 42])
      expect(isIdempotencyKey(bad)).toBe(false);
  });
});
