import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import mongoose from "mongoose";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { useTestDatabase } from "#tests/support/test-database.ts";
import { migrateUploadsFolder } from "#app/models/infra/file-store.server.ts";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "uploads-test-"));
const uploadsDir = path.join(root, "uploads");
useTestDatabase("uploads_unit");
const uploads = await import("#app/utils/uploads.server.ts");
const { UPLOAD_TYPES } = uploads;

const PNG = fs.readFileSync(path.resolve("public/timetables/form-2-arts.png"));
const ALLOWED = [UPLOAD_TYPES.jpg, UPLOAD_TYPES.png, UPLOAD_TYPES.pdf];
const RULES = { fileField: "file", allowed: ALLOWED, maxBytes: 64 * 1024 };

function multipart(
  parts: Array<{ name: string; value: string } | { name: string; filename: string; type: string; bytes: Uint8Array }>,
) {
  const form = new FormData();
  for (const p of parts) {
    if ("bytes" in p) form.append(p.name, new File([new Uint8Array(p.bytes)], p.filename, { type: p.type }));
    else form.append(p.name, p.value);
  }
  return new Request("http://localhost/upload", { method: "POST", body: form });
}

beforeAll(() => fs.mkdirSync(uploadsDir, { recursive: true }));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("parseUpload", () => {
  test("keeps text fields and a file whose bytes are an allowed type", async () => {
    const result = await uploads.parseUpload(
      multipart([
        { name: "title", value: "T" },
        { name: "file", filename: "a.png", type: "image/png", bytes: PNG },
      ]),
      { ...RULES, maxBytes: 1024 * 1024, images: "as-sent" },
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.fields.get("title")).toBe("T");
    expect(result.file?.type).toEqual(UPLOAD_TYPES.png);
    expect(result.file?.size).toBe(PNG.length);
  });

  test("a field name no form sends (a list index of ten million) makes the whole body malformed", async () => {
    const result = await uploads.parseUpload(
      multipart([
        { name: "comment", value: "ok" },
        { name: "scores[9999999]", value: "1" },
      ]),
      RULES,
    );
    expect(result).toMatchObject({ ok: false, failure: "malformed" });
    expect(result.fields.get("comment")).toBeNull();
  });

  test("stores a photo stripped of its EXIF, GPS and author, and at most 1,600 px on its longest side", async () => {
    const sharp = (await import("sharp")).default;
    const photo = await sharp({ create: { width: 3200, height: 1200, channels: 3, background: "#3366aa" } })
      .jpeg()
      .withExif({
        IFD0: { Artist: "Ama Teacher", Make: "Phone" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "5/1 33/1 0/1" },
      })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const result = await uploads.parseUpload(
      multipart([{ name: "file", filename: "board.jpg", type: "image/jpeg", bytes: photo }]),
      { ...RULES, maxBytes: 4 * 1024 * 1024 },
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const kept = await sharp(result.file!.bytes).metadata();
    expect([kept.format, kept.width, kept.height, kept.exif]).toEqual(["jpeg", 1600, 600, undefined]);
    expect(result.file!.size).toBe(result.file!.bytes.byteLength);
  });

  test("refuses an image of more pixels than the portal opens, by its header, with its own failure", async () => {
    // A PNG whose header says 30,000 × 30,000 (900 megapixels): nothing is decoded to find out.
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(zlib.crc32(body));
      return Buffer.concat([length, body, crc]);
    };
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(30_000, 0);
    ihdr.writeUInt32BE(30_000, 4);
    ihdr.set([8, 2, 0, 0, 0], 8);
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", ihdr),
      chunk("IDAT", zlib.deflateSync(Buffer.alloc(64))),
      chunk("IEND", Buffer.alloc(0)),
    ]);
    for (const images of ["cleaned", "as-sent"] as const) {
      const result = await uploads.parseUpload(
        multipart([{ name: "file", filename: "huge.png", type: "image/png", bytes: png }]),
        { ...RULES, images },
      );
      expect(result).toMatchObject({ ok: false, failure: "too-many-pixels", failedName: "huge.png" });
    }
  });

  test("judges the bytes, not the name or the declared type", async () => {
    const elf = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...new Array(64).fill(0)]);
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>');
    for (const bytes of [elf, svg]) {
      const result = await uploads.parseUpload(
        multipart([{ name: "file", filename: "a.png", type: "image/png", bytes }]),
        RULES,
      );
      expect(result).toMatchObject({ ok: false, failure: "invalid-type" });
    }
  });

  test("an empty named file is refused; no file chosen is no file", async () => {
    const empty = await uploads.parseUpload(
      multipart([{ name: "file", filename: "a.png", type: "image/png", bytes: new Uint8Array() }]),
      RULES,
    );
    expect(empty).toMatchObject({ ok: false, failure: "empty" });
    // What a browser sends when no file was chosen (written by hand: FormData would name it "blob").
    const body =
      '--b\r\nContent-Disposition: form-data; name="file"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n--b--\r\n';
    const request = new Request("http://localhost/upload", {
      method: "POST",
      body,
      headers: { "Content-Type": "multipart/form-data; boundary=b" },
    });
    const none = await uploads.parseUpload(request, RULES);
    expect(none).toMatchObject({ ok: true, file: null });
  });

  test("a file over the limit is refused", async () => {
    const big = new Uint8Array(RULES.maxBytes + 1);
    big.set(PNG.subarray(0, 64));
    const result = await uploads.parseUpload(
      multipart([{ name: "file", filename: "a.png", type: "image/png", bytes: big }]),
      RULES,
    );
    expect(result).toMatchObject({ ok: false, failure: "too-large" });
  });

  test("a field of several files takes up to its number, names a refused one, and says too many beyond", async () => {
    const png = (n: number) => ({ name: "files", filename: `page${n}.png`, type: "image/png", bytes: PNG });
    const rules = { ...RULES, fileField: "files", maxBytes: 1024 * 1024, maxFiles: 3 };
    const three = await uploads.parseUpload(multipart([1, 2, 3].map(png)), rules);
    expect(three.ok && three.files.map((f) => f.clientName)).toEqual(["page1.png", "page2.png", "page3.png"]);
    const eight = await uploads.parseUpload(
      multipart([{ name: "text", value: "typed" }, ...[1, 2, 3, 4, 5, 6, 7, 8].map(png)]),
      rules,
    );
    expect(eight).toMatchObject({ ok: false, failure: "too-many" });
    expect(eight.fields.get("text")).toBe("typed");
    const bad = await uploads.parseUpload(
      multipart([png(1), { name: "files", filename: "notes.png", type: "image/png", bytes: new Uint8Array([1, 2]) }]),
      rules,
    );
    expect(bad).toMatchObject({ ok: false, failure: "invalid-type", failedName: "notes.png" });
  });

  test("a refused file still brings back the text fields sent before it", async () => {
    const big = new Uint8Array(RULES.maxBytes * 4);
    big.set(PNG.subarray(0, 64));
    const elf = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...new Array(64).fill(0)]);
    for (const [bytes, failure] of [
      [big, "too-large"],
      [elf, "invalid-type"],
    ] as const) {
      const result = await uploads.parseUpload(
        multipart([
          { name: "subject", value: "Biology" },
          { name: "title", value: "Cells, week 2" },
          { name: "description", value: "Read pages 10-14" },
          { name: "file", filename: "a.png", type: "image/png", bytes },
        ]),
        RULES,
      );
      expect(result).toMatchObject({ ok: false, failure });
      expect([...result.fields.entries()]).toEqual([
        ["subject", "Biology"],
        ["title", "Cells, week 2"],
        ["description", "Read pages 10-14"],
      ]);
    }
  });
});

describe("storing", () => {
  test("stores in the database under {owner}/{timestamp}[-suffix].{ext}, never overwriting", async () => {
    const a = await uploads.storeUpload("owner1abc", PNG, "png");
    const b = await uploads.storeUpload("owner1abc", PNG, "png");
    const c = await uploads.storeUpload("owner1abc", PNG, "png", "visual-arts");
    expect(a).toMatch(/^owner1abc\/\d{13}\.png$/);
    expect(c).toMatch(/^owner1abc\/\d{13}-visual-arts\.png$/);
    expect(new Set([a, b, c]).size).toBe(3);
    expect((await uploads.readUpload(a))?.equals(PNG)).toBe(true);
    const files = mongoose.connection.db!.collection("uploads.files");
    expect((await files.find({ filename: { $in: [a, b, c] } }).toArray()).map((f) => f.length)).toEqual([
      PNG.length,
      PNG.length,
      PNG.length,
    ]);
    // Nothing on the local disk: another app instance reads the same bytes from the database.
    expect(fs.existsSync(path.join(uploadsDir, "owner1abc"))).toBe(false);
    await uploads.removeUpload(b);
    expect(await uploads.readUpload(b)).toBeNull();
    expect(
      await mongoose.connection.db!.collection("uploads.chunks").countDocuments({ files_id: { $exists: true } }),
    ).toBeGreaterThan(0);
  });

  test("refuses owners, suffixes and keys that are not ours", async () => {
    await expect(uploads.storeUpload("../x", PNG, "png")).rejects.toThrow();
    await expect(uploads.storeUpload("owner", PNG, "png", "../../x")).rejects.toThrow();
    await expect(uploads.storeUpload("owner", PNG, "p/ng")).rejects.toThrow();
    expect(await uploads.readUpload("../../etc/passwd")).toBeNull();
    expect(await uploads.uploadResponse(new Request("http://x/"), "../../etc/passwd", {})).toBeNull();
  });

  test("answers byte ranges: 206 with Content-Range, the whole file without a range, 416 outside it", async () => {
    const key = await uploads.storeUpload("ranges1abc", PNG, "png");
    const get = (range?: string) =>
      uploads.uploadResponse(new Request("http://x/", { headers: range ? { Range: range } : {} }), key, {
        "Content-Type": "image/png",
      });
    const whole = (await get())!;
    expect(whole.status).toBe(200);
    expect(whole.headers.get("Accept-Ranges")).toBe("bytes");
    expect(Buffer.from(await whole.arrayBuffer()).equals(PNG)).toBe(true);
    const part = (await get("bytes=10-99"))!;
    expect(part.status).toBe(206);
    expect(part.headers.get("Content-Range")).toBe(`bytes 10-99/${PNG.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(PNG.subarray(10, 100))).toBe(true);
    const tail = (await get("bytes=-16"))!;
    expect(Buffer.from(await tail.arrayBuffer()).equals(PNG.subarray(PNG.length - 16))).toBe(true);
    const resume = (await get(`bytes=${PNG.length - 5}-`))!;
    expect(resume.headers.get("Content-Length")).toBe("5");
    expect((await get(`bytes=${PNG.length}-`))!.status).toBe(416);
    expect((await get("bytes=5-1"))!.status).toBe(416);
    expect((await get("bytes=0-1,5-9"))!.status).toBe(200);
  });

  test("moves the files of an old uploads folder into the database once, and removes the local copies", async () => {
    fs.mkdirSync(path.join(uploadsDir, "legacy1abc"), { recursive: true });
    fs.writeFileSync(path.join(uploadsDir, "legacy1abc", "1700000000000.png"), PNG);
    fs.writeFileSync(path.join(uploadsDir, "legacy1abc", "1700000000001-form-2.png"), PNG.subarray(0, 100));
    // Files that are not uploads of ours stay where they are.
    fs.writeFileSync(path.join(uploadsDir, ".gitkeep"), "");
    fs.writeFileSync(path.join(uploadsDir, "legacy1abc", "notes about uploads.txt"), "keep me");
    expect(await migrateUploadsFolder(uploadsDir)).toEqual({ moved: 2, alreadyStored: 0 });
    expect((await uploads.readUpload("legacy1abc/1700000000000.png"))?.equals(PNG)).toBe(true);
    expect((await uploads.readUpload("legacy1abc/1700000000001-form-2.png"))?.length).toBe(100);
    expect(fs.readdirSync(path.join(uploadsDir, "legacy1abc"))).toEqual(["notes about uploads.txt"]);
    expect(fs.existsSync(path.join(uploadsDir, ".gitkeep"))).toBe(true);
    // Again (say, a copy restored from an old machine): nothing moved twice.
    fs.writeFileSync(path.join(uploadsDir, "legacy1abc", "1700000000000.png"), PNG);
    expect(await migrateUploadsFolder(uploadsDir)).toEqual({ moved: 0, alreadyStored: 1 });
    expect(await migrateUploadsFolder(path.join(root, "missing"))).toEqual({ moved: 0, alreadyStored: 0 });
  });

  test("display names lose any path and odd characters", () => {
    expect(uploads.safeDisplayName("../../evil.png")).toBe("evil.png");
    expect(uploads.safeDisplayName("C:\\x\\tt<script>.pdf")).toBe("tt_script_.pdf");
    expect(uploads.safeDisplayName("...", "fallback.png")).toBe("fallback.png");
  });
});

describe("names follow the detected type", () => {
  test("a PDF sent as poly.html is stored and served as poly.pdf", () => {
    expect(uploads.fileNameFor("poly.html", "application/pdf")).toBe("poly.pdf");
    expect(uploads.fileNameFor("C:\\fakepath\\Notes.PDF", "application/pdf")).toBe("Notes.pdf");
    expect(uploads.fileNameFor("", "image/png", "assignment")).toBe("assignment.png");
    const header = uploads.contentDisposition("attachment", "poly.html", "application/pdf");
    expect(header).toContain('filename="poly.pdf"');
    expect(header).toContain("filename*=UTF-8''poly.pdf");
    expect(uploads.contentDisposition("inline", "Ɛsi week 1.html", "image/jpeg")).toContain(
      "filename*=UTF-8''%C6%90si%20week%201.jpg",
    );
  });
});
