/** The helpers every command shares (engine-shared.ts): MongoDB's names, error shapes, limits and upsert seeds. */
import { describe, expect, it } from "vitest";
import {
  MAX_BSON_OBJECT_SIZE,
  checkDocumentSize,
  checkIdValue,
  errorReply,
  helloReply,
  idFirst,
  indexNameFor,
  upsertSeed,
  writeError,
} from "./engine-shared.ts";
import { MongoError } from "./values.ts";

describe("what every command shares", () => {
  it("names an index as MongoDB does, and stores _id first", () => {
    expect(indexNameFor({ programme: 1, createdAt: -1 })).toBe("programme_1_createdAt_-1");
    expect(Object.keys(idFirst({ a: 1, _id: "x", b: 2 }))).toEqual(["_id", "a", "b"]);
  });

  it("seeds an upsert with the filter's equalities, $and included, operators left out", () => {
    expect(upsertSeed({ phone: "024", $and: [{ role: "parent" }], n: { $gt: 1 }, $or: [{ a: 1 }] })).toEqual({
      phone: "024",
      role: "parent",
    });
  });

  it("refuses an _id that is an array, a regex or undefined", () => {
    for (const id of [[1], /x/, undefined]) expect(() => checkIdValue(id)).toThrow(MongoError);
    expect(() => checkIdValue("ok")).not.toThrow();
  });

  it("refuses a document over 16 MiB with MongoDB's codes: 2 to insert, 17419 after an update", () => {
    const big = { text: "x".repeat(MAX_BSON_OBJECT_SIZE) };
    expect(() => checkDocumentSize(big, "insert")).toThrow(/object to insert too large/);
    expect(() => checkDocumentSize(big, "update")).toThrow(expect.objectContaining({ code: 17419 }));
  });

  it("shapes errors as the driver expects: {ok: 0, code, codeName}, and write errors by their index", () => {
    const dup = new MongoError(11000, "DuplicateKey", "E11000 …", { keyValue: { phone: "024" } });
    expect(errorReply(dup)).toMatchObject({ ok: 0, code: 11000, codeName: "DuplicateKey", keyValue: { phone: "024" } });
    expect(errorReply(new Error("boom"))).toMatchObject({ ok: 0, code: 1, codeName: "InternalError" });
    expect(writeError(3, dup)).toMatchObject({ index: 3, code: 11000, keyValue: { phone: "024" } });
  });

  it("presents itself as a writable standalone, with MongoDB's limits", () => {
    const hello = helloReply({ helloOk: true }, 7);
    expect(hello).toMatchObject({ helloOk: true, isWritablePrimary: true, maxBsonObjectSize: MAX_BSON_OBJECT_SIZE });
    expect(hello.setName).toBeUndefined();
  });
});
