/**
 * Text indexes and `$text`: tokenising, case/diacritic folding, phrases,
 * negation, ranking by textScore, edge cases (empty search, punctuation,
 * non-Latin letters such as Ɛ and Ɔ), and what is refused.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { useTestClient } from "../tools/test-client.ts";
import { fold, parseSearch, tokenize } from "./text.ts";

const t = useTestClient();

beforeAll(async () => {
  const coll = t.client.db("text").collection("people");
  await coll.insertMany([
    { _id: 1 as never, name: "Ama Mensah", school: "Accra Academy", phone: "+233241234567" },
    { _id: 2 as never, name: "Kwame Mensah Mensah", school: "Mfantsipim School", phone: "+233201111111" },
    { _id: 3 as never, name: "Ɛsi Ɔforiwaa", school: "Wesley Girls' High School", phone: "+233559999999" },
    { _id: 4 as never, name: "Adjéi Boateng", school: "Achimota School", tags: ["Physics", "Core Maths"] },
    { _id: 5 as never, name: "Edward Owusu", school: "Prempeh College" },
  ]);
  await coll.createIndex(
    { name: "text", school: "text", tags: "text", phone: "text" },
    { name: "search", default_language: "none", weights: { name: 5 } },
  );
});

const ids = async (filter: object, sort?: object) => {
  const cursor = t.client.db("text").collection("people").find(filter);
  if (sort) cursor.sort(sort as never);
  return (await cursor.toArray()).map((d) => d._id);
};

describe("text search", () => {
  it("tokenises on punctuation and folds case and diacritics, Ɛ and Ɔ included", async () => {
    expect(tokenize("Wesley Girls' High-School, +233 24")).toEqual(["wesley", "girls", "high", "school", "233", "24"]);
    expect(tokenize("ƐSI ƆFORIWAA Adjéi")).toEqual(["ɛsi", "ɔforiwaa", "adjei"]);
    expect(await ids({ $text: { $search: "ɛsi" } })).toEqual([3]);
    expect(await ids({ $text: { $search: "ƆFORIWAA" } })).toEqual([3]);
    expect(await ids({ $text: { $search: "adjei" } })).toEqual([4]);
    expect(await ids({ $text: { $search: "physics" } })).toEqual([4]);
    expect(await ids({ $text: { $search: "233241234567" } })).toEqual([1]);
  });

  it("ORs plain words, ANDs phrases (substrings of one field), excludes negated words", async () => {
    expect(await ids({ $text: { $search: "mensah boateng" } }, { _id: 1 })).toEqual([1, 2, 4]);
    expect(await ids({ $text: { $search: '"mensah" "kwame"' } })).toEqual([2]);
    expect(await ids({ $text: { $search: '"accra academy"' } })).toEqual([1]);
    expect(await ids({ $text: { $search: '"ama academy"' } })).toEqual([]); // across two fields: no phrase
    expect(await ids({ $text: { $search: "mensah -kwame" } })).toEqual([1]);
    // a phrase matches inside a word once a whole term of the query is present
    expect(await ids({ $text: { $search: '"mensah" "ensa"' } }, { _id: 1 })).toEqual([1, 2]);
    // "ward" is not a term of "Edward": no match from a word fragment alone
    expect(await ids({ $text: { $search: "ward" } })).toEqual([]);
  });

  it("matches nothing for an empty search or punctuation only, and combines with other conditions", async () => {
    expect(await ids({ $text: { $search: "" } })).toEqual([]);
    expect(await ids({ $text: { $search: " .,;'!? " } })).toEqual([]);
    expect(await ids({ $text: { $search: "mensah" }, school: "Accra Academy" })).toEqual([1]);
    expect(await ids({ $and: [{ $text: { $search: "school" } }, { _id: { $gte: 3 } }] }, { _id: 1 })).toEqual([3, 4]);
    expect(
      await t.client
        .db("text")
        .collection("people")
        .countDocuments({ $text: { $search: "mensah school" } }),
    ).toBe(4);
  });

  it("ranks by textScore: weights, repeated terms and more matching terms score higher", async () => {
    const coll = t.client.db("text").collection("people");
    const rows = await coll
      .find({ $text: { $search: "mensah school" } }, { projection: { score: { $meta: "textScore" }, name: 1 } })
      .sort({ score: { $meta: "textScore" } })
      .toArray();
    // "school" weighs more in a shorter field: Achimota School (2 terms) before Wesley Girls' High School (4)
    expect(rows.map((r) => r._id)).toEqual([2, 1, 4, 3]);
    expect(rows[0].score).toBeGreaterThan(rows[1].score);
    expect(rows.every((r) => typeof r.score === "number" && r.score > 0)).toBe(true);
    const plan = await coll.find({ $text: { $search: "mensah" } }).explain("queryPlanner");
    expect(JSON.stringify(plan.queryPlanner.winningPlan)).toMatch(/TEXT_MATCH.*"indexName":"search"/);
  });

  it("follows writes, and refuses what it cannot answer like MongoDB", async () => {
    const coll = t.client.db("text").collection("people");
    await coll.updateOne({ _id: 5 as never }, { $set: { name: "Edward Mensah" } });
    expect(await ids({ $text: { $search: "mensah" } }, { _id: 1 })).toEqual([1, 2, 5]);
    await coll.deleteOne({ _id: 5 as never });
    expect(await ids({ $text: { $search: "mensah" } }, { _id: 1 })).toEqual([1, 2]);
    await expect(coll.createIndex({ school: "text" }, { name: "second" })).rejects.toMatchObject({ code: 85 });
    await expect(t.client.db("text").collection("other").createIndex({ a: "text" })).rejects.toMatchObject({
      code: 67,
    }); // english: stemming
    await expect(
      coll
        .find({})
        .sort({ score: { $meta: "textScore" } })
        .toArray(),
    ).rejects.toMatchObject({ code: 40218 });
    await expect(coll.find({ $nor: [{ $text: { $search: "x" } }] }).toArray()).rejects.toMatchObject({ code: 115 });
    await expect(coll.find({ $text: { $search: "x", $caseSensitive: true } }).toArray()).rejects.toMatchObject({
      code: 115,
    });
    expect(parseSearch('a -b "c d" -"e"')).toEqual({
      positive: ["a", "c", "d"],
      negative: ["b"],
      phrases: ["c d"],
      negativePhrases: ["e"],
    });
  });

  it("keeps a term shared by many documents right through inserts, edits and deletes (lone id, list, set and back)", async () => {
    const coll = t.client.db("text").collection("crowd");
    await coll.createIndex({ name: "text" }, { default_language: "none" });
    await coll.insertMany(Array.from({ length: 40 }, (_, i) => ({ _id: i as never, name: `Pupil ${i} Asante` })));
    const all = Array.from({ length: 40 }, (_, i) => i);
    const found = async (search: string) =>
      (
        await coll
          .find({ $text: { $search: search } })
          .sort({ _id: 1 })
          .toArray()
      ).map((d) => d._id);
    expect(await found("asante")).toEqual(all);
    // An edit that keeps the shared term and changes another: both terms answer for the new text only.
    await coll.updateOne({ _id: 7 as never }, { $set: { name: "Pupil seven Asante" } });
    expect(await found("7")).toEqual([]);
    expect(await found("seven asante")).toEqual(all);
    await coll.updateMany({ _id: { $gte: 3 } as never }, { $set: { name: "Pupil Owusu" } });
    expect(await found("asante")).toEqual([0, 1, 2]);
    expect(await found("owusu")).toEqual(all.slice(3));
    await coll.deleteMany({ _id: { $in: [0, 1] } as never });
    expect(await found("asante")).toEqual([2]);
    await coll.deleteMany({ _id: { $gte: 4 } as never });
    expect(await found("owusu")).toEqual([3]);
    expect(await found("asante -pupil")).toEqual([]);
  });
});

describe("folding", () => {
  // The rule as documented (Unicode lower case, NFD, marks dropped, NFC; terms are runs of letters, digits and marks),
  // against which the ASCII shortcut must give the same terms.
  const reference = (text: string) =>
    text
      .toLowerCase()
      .normalize("NFD")
      .replace(/\p{M}+/gu, "")
      .normalize("NFC");
  const referenceTerms = (text: string) => reference(text).match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];

  it("folds and splits every ASCII text exactly as the full Unicode rule does", () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const texts = ["Accra Academy", "ST. AUGUSTINE'S COLLEGE", "+233 24 123 4567", "2S1_b-c", "\u0000\t\x7f", ""];
    for (let i = 0; i < 2000; i++)
      texts.push(
        Array.from({ length: 1 + Math.floor(random() * 24) }, () =>
          String.fromCharCode(Math.floor(random() * 128)),
        ).join(""),
      );
    for (const text of texts) {
      expect(fold(text), JSON.stringify(text)).toBe(reference(text));
      expect(tokenize(text), JSON.stringify(text)).toEqual(referenceTerms(text));
    }
  });

  it("keeps the full rule for anything else", () => {
    for (const text of ["Adjéi Ɔforiwaa", "ÉCOLE Ñandú", "Ama\u0301 Mensah", "Ǆemal", "İstanbul", "Ɛsi2Ɔ"]) {
      expect(fold(text)).toBe(reference(text));
      expect(tokenize(text)).toEqual(referenceTerms(text));
    }
    expect(tokenize("Adjéi-Boateng, Ɛsi")).toEqual(["adjei", "boateng", "ɛsi"]);
  });
});
