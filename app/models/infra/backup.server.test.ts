import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync, gunzipSync } from "node:zlib";
import mongoose from "mongoose";
import { EJSON } from "bson";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "#tests/support/test-database.ts";
import { seedDemoData } from "#app/models/seeds/seed.server.ts";
import { BackupError, backupKey, restoreBackup, writeBackup } from "#app/models/infra/backup.server.ts";
import { createDecipheriv, randomBytes } from "node:crypto";

useTestDatabase("backup_source");

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "vcp-backup-"));
const db = (name: string) => mongoose.connection.getClient().db(name);
const key = randomBytes(32);

/** The archive's lines, decrypted as the envelope says (magic, IV, AES-256-GCM of the gzip stream, tag). */
function archiveLines(file: string) {
  const bytes = fs.readFileSync(file);
  expect(bytes.subarray(0, 8).toString()).toBe("VCPBAK01");
  const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(8, 20));
  decipher.setAuthTag(bytes.subarray(-16));
  const gzipped = Buffer.concat([decipher.update(bytes.subarray(20, -16)), decipher.final()]);
  return gunzipSync(gzipped).toString("utf8").trimEnd().split("\n");
}

/** Every collection's documents; the revisions' values only by id (a restore gives them new ones). */
async function snapshot(name: string) {
  const out: Record<string, string[]> = {};
  for (const { name: c } of await db(name).listCollections({}, { nameOnly: true }).toArray()) {
    const docs = await db(name)
      .collection(c)
      .find({}, { sort: { _id: 1 }, projection: c === "revisions" ? { value: 0 } : {} })
      .toArray();
    out[c] = docs.map((d) => EJSON.stringify(d, { relaxed: false }));
  }
  return out;
}

describe("backup and restore", () => {
  it("restores the demo data, the uploaded files and the hand-ins on disk exactly, and refuses what it should without changing anything", async () => {
    await seedDemoData();
    const uploads = path.join(tmp, "uploads");
    fs.mkdirSync(path.join(uploads, "timetables"), { recursive: true });
    const pdf = Buffer.from("%PDF-1.4 a timetable \u0000\u00ff binary", "latin1");
    fs.writeFileSync(path.join(uploads, "timetables", "form-2-science.pdf"), pdf);

    const handins = path.join(tmp, "handins");
    fs.mkdirSync(path.join(handins, "reg1"), { recursive: true });
    const photo = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 1, 2, 0xff, 0xd9]);
    fs.writeFileSync(path.join(handins, "reg1", "assignment1-abc.jpg"), photo);

    const file = path.join(tmp, "school.jsonl.gz");
    const written = await writeBackup(db("backup_source"), {
      out: file,
      key,
      uploadsDir: uploads,
      handinsDir: handins,
    });
    expect(written.documents).toBeGreaterThan(20);
    expect(written.files).toBe(1);
    expect(written.handins).toBe(1);

    // Into an empty database: the same documents (types included), counts and file bytes.
    const restoredUploads = path.join(tmp, "restored-uploads");
    const restoredHandins = path.join(tmp, "restored-handins");
    const restored = await restoreBackup(db("backup_target"), {
      file,
      key,
      uploadsDir: restoredUploads,
      handinsDir: restoredHandins,
    });
    expect(restored.documents).toBe(written.documents);
    expect(fs.readFileSync(path.join(restoredHandins, "reg1", "assignment1-abc.jpg")).equals(photo)).toBe(true);
    expect(fs.statSync(path.join(restoredHandins, "reg1", "assignment1-abc.jpg")).mode & 0o777).toBe(0o600);
    // Figures a running app keeps by revision are computed again after a restore.
    const revisions = await db("backup_target")
      .collection<{ _id: string; value: string }>("revisions")
      .find()
      .toArray();
    expect(revisions.map((r) => r._id).sort()).toEqual(["lessons", "people", "registrations", "work"]);
    expect(revisions.every((r) => r.value.startsWith("restored-"))).toBe(true);
    const [before, after] = [await snapshot("backup_source"), await snapshot("backup_target")];
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    for (const c of Object.keys(before)) expect(after[c], c).toEqual(before[c]);
    expect(fs.readFileSync(path.join(restoredUploads, "timetables", "form-2-science.pdf")).equals(pdf)).toBe(true);
    const uniques = (await db("backup_target").collection("users").listIndexes().toArray()).filter((i) => i.unique);
    expect(uniques.map((i) => Object.keys(i.key).join())).toContain("phone");

    // A database that holds data is refused unless told to drop it.
    await expect(restoreBackup(db("backup_target"), { file, key, uploadsDir: restoredUploads })).rejects.toThrow(
      /not empty.*--drop/,
    );
    await db("backup_target").collection("users").deleteMany({ role: "student" });
    await restoreBackup(db("backup_target"), { file, key, uploadsDir: restoredUploads, drop: true });
    expect(await snapshot("backup_target")).toEqual(before);

    // A truncated archive, a foreign file and a damaged line are refused before anything changes.
    const lines = archiveLines(file);
    const truncated = path.join(tmp, "truncated.jsonl.gz");
    fs.writeFileSync(truncated, gzipSync(lines.slice(0, -5).join("\n") + "\n"));
    const cut = path.join(tmp, "cut.jsonl.gz");
    fs.writeFileSync(cut, fs.readFileSync(file).subarray(0, 2000));
    const foreign = path.join(tmp, "foreign.jsonl.gz");
    fs.writeFileSync(foreign, gzipSync('{"hello":"world"}\n'));
    const damaged = path.join(tmp, "damaged.jsonl.gz");
    fs.writeFileSync(damaged, gzipSync([...lines.slice(0, 3), "{not json", ...lines.slice(3)].join("\n") + "\n"));
    // An encrypted archive read with another key, with one byte changed, or cut short (its tag gone).
    const flipped = path.join(tmp, "flipped.backup");
    const bytes = fs.readFileSync(file);
    bytes[Math.floor(bytes.length / 2)] ^= 1;
    fs.writeFileSync(flipped, bytes);
    const short = path.join(tmp, "short.backup");
    fs.writeFileSync(short, fs.readFileSync(file).subarray(0, -100));
    await expect(
      restoreBackup(db("backup_empty"), { file, key: randomBytes(32), uploadsDir: path.join(tmp, "never") }),
    ).rejects.toThrow(/another BACKUP_KEY/);
    await expect(restoreBackup(db("backup_empty"), { file, uploadsDir: path.join(tmp, "never") })).rejects.toThrow(
      /encrypted: set BACKUP_KEY/,
    );
    const plain = path.join(tmp, "plain.txt");
    fs.writeFileSync(plain, "just text");
    // A file named outside its folder is refused before a --drop empties anything.
    const escaping = path.join(tmp, "escaping.jsonl.gz");
    fs.writeFileSync(
      escaping,
      gzipSync(lines.map((l) => l.replace('"h":"reg1/assignment1-abc.jpg"', '"h":"../escaped.jpg"')).join("\n") + "\n"),
    );
    expect(gunzipSync(fs.readFileSync(escaping)).toString("utf8")).toContain("../escaped.jpg");
    // Plain gzip archives (as written before encryption) are read without a key; with one they are refused outright,
    // since a replaced file would skip the tag's check.
    await expect(restoreBackup(db("backup_empty"), { file: foreign, key })).rejects.toThrow(/not encrypted/);
    const keyFor = (bad: string) => ([cut, flipped, short].includes(bad) ? key : null);
    for (const bad of [truncated, cut, foreign, damaged, plain, escaping, flipped, short]) {
      await expect(
        restoreBackup(db("backup_empty"), { file: bad, key: keyFor(bad), uploadsDir: path.join(tmp, "never") }),
        bad,
      ).rejects.toBeInstanceOf(BackupError);
      await expect(
        restoreBackup(db("backup_target"), { file: bad, key: keyFor(bad), uploadsDir: restoredUploads, drop: true }),
        bad,
      ).rejects.toBeInstanceOf(BackupError);
    }
    expect(await snapshot("backup_target")).toEqual(before);
    expect(await db("backup_empty").listCollections().toArray()).toEqual([]);
    expect(fs.existsSync(path.join(tmp, "never"))).toBe(false);
  });
});

describe("the backup key", () => {
  it("is 32 bytes from BACKUP_KEY in base64 or hex; without one, or a short one, the backup refuses to run", () => {
    const bytes = randomBytes(32);
    expect(backupKey({ BACKUP_KEY: bytes.toString("base64") }).equals(bytes)).toBe(true);
    expect(backupKey({ BACKUP_KEY: bytes.toString("hex") }).equals(bytes)).toBe(true);
    expect(() => backupKey({})).toThrow(/BACKUP_KEY is not set/);
    expect(() => backupKey({ BACKUP_KEY: randomBytes(16).toString("base64") })).toThrow(/must be 32 bytes/);
  });
});
