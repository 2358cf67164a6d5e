/**
 * Checkpoint images: the engine's state in memory (documents, their order and sequences, every index's keys and text
 * postings) written beside the data files, so that a start restores it instead of decoding every document and
 * computing every index again. An image is a cache, never the only copy of anything: it says which data files it was
 * taken from (the snapshot by its size and CRC-32, the first `journalLength` bytes of the journal by their CRC-32: a
 * copy of the data directory keeps its image), and a start uses it only when those files still are what they were, the image's own checksum holds and it
 * was written by the same V8 (whose structured-clone format it uses). Otherwise the start loads the data files as
 * before and the image is removed. The journal written after the image is replayed on top of it.
 *
 * File: "VCPIMG01", u32 LE length of a JSON header, the header (the stamp, the V8 version, the payload's length and
 * CRC-32), the payload: the parts Engine.writeImage hands out, each as u32 LE length + v8.serialize(part). A start
 * deserializes one part at a time and is done with it before the next (see CollectionImage).
 */
import fs from "node:fs";
import v8 from "node:v8";
import zlib from "node:zlib";
import type { Engine } from "./engine.ts";

const MAGIC = "VCPIMG01";

/** A data file as the image saw it. */
export interface FileId {
  size: number;
  crc: number;
}

export interface ImageStamp {
  /** the generation of the data files (snapshot-<gen>, journal-<gen>) */
  gen: number;
  /** the snapshot the image was taken with (null: generation 0 has none) */
  snapshot: FileId | null;
  /** how much of the journal the image covers, and that prefix's CRC-32 */
  journalLength: number;
  journalCrc: number;
}

interface Header extends ImageStamp {
  v8: string;
  payloadLength: number;
  payloadCrc: number;
}

export function fileId(file: string): FileId {
  const size = fs.statSync(file).size;
  return { size, crc: crcOfPrefix(file, size)! };
}

/** CRC-32 of the first `length` bytes of `file`, read 1 MiB at a time (null when the file is shorter). */
export function crcOfPrefix(file: string, length: number): number | null {
  const fd = fs.openSync(file, "r");
  try {
    const buf = Buffer.allocUnsafe(Math.min(length, 1 << 20));
    let crc = 0;
    let pos = 0;
    while (pos < length) {
      const n = fs.readSync(fd, buf, 0, Math.min(buf.length, length - pos), pos);
      if (n <= 0) return null;
      crc = zlib.crc32(buf.subarray(0, n), crc);
      pos += n;
    }
    return crc >>> 0;
  } finally {
    fs.closeSync(fd);
  }
}

function writeAll(fd: number, buf: Uint8Array) {
  let off = 0;
  while (off < buf.length) off += fs.writeSync(fd, buf, off, buf.length - off);
}

/** Room kept for the header's JSON before the parts: it is written last (it holds their length and checksum). */
const HEADER_ROOM = 4096;
/** Parts are gathered into writes of about this many bytes. */
const WRITE_CHUNK = 1 << 20;

/**
 * Writes the engine's image (to a temporary file renamed into place: a reader sees the old image, the new one or none).
 * The parts go to the file as they are made, a megabyte at a time: holding the whole image until the end raised the
 * database process's memory by the size of its data at every compaction. The header comes first in the file but is
 * known last, so it is written into room kept for it, padded with spaces (which JSON allows).
 */
export function writeImage(file: string, stamp: ImageStamp, engine: Engine) {
  const tmp = `${file}.tmp`;
  const fd = fs.openSync(tmp, "w", 0o600);
  try {
    try {
      const head = Buffer.alloc(MAGIC.length + 4);
      head.write(MAGIC, 0, "latin1");
      head.writeUInt32LE(HEADER_ROOM, MAGIC.length);
      writeAll(fd, head);
      writeAll(fd, Buffer.alloc(HEADER_ROOM, " "));
      let payloadLength = 0;
      let payloadCrc = 0;
      let chunk: Buffer[] = [];
      let chunkBytes = 0;
      const flush = () => {
        if (chunk.length) writeAll(fd, chunk.length === 1 ? chunk[0] : Buffer.concat(chunk));
        chunk = [];
        chunkBytes = 0;
      };
      engine.writeImage((part) => {
        const data = v8.serialize(part);
        const len = Buffer.alloc(4);
        len.writeUInt32LE(data.length);
        for (const b of [len, data]) {
          chunk.push(b);
          chunkBytes += b.length;
          payloadLength += b.length;
          payloadCrc = zlib.crc32(b, payloadCrc);
        }
        if (chunkBytes >= WRITE_CHUNK) flush();
      });
      flush();
      const header: Header = { ...stamp, v8: process.versions.v8, payloadLength, payloadCrc: payloadCrc >>> 0 };
      const json = Buffer.from(JSON.stringify(header));
      if (json.length > HEADER_ROOM) throw new Error(`the image header takes ${json.length} bytes`);
      fs.writeSync(fd, json, 0, json.length, MAGIC.length + 4);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, file);
  } catch (e) {
    // e.g. a full disk: leave no partial file behind
    fs.rmSync(tmp, { force: true });
    throw e;
  }
}

/**
 * Restores the engine from the image in `file` when it is whole and was taken from the data files as they are now
 * (returns its stamp); otherwise returns why it cannot be used, the engine untouched. `snapshot` is the generation's
 * snapshot file (null when it has none), `journal` its journal. The file is read a part at a time into one buffer.
 */
export function readImage(
  file: string,
  gen: number,
  snapshot: string | null,
  journal: string,
  engine: Engine,
): { stamp: ImageStamp } | { unusable: string } {
  const fd = fs.openSync(file, "r");
  try {
    const size = fs.fstatSync(fd).size;
    let buf = Buffer.allocUnsafe(64 * 1024);
    let pos = 0;
    /** the next `n` bytes of the file (valid until the next call), or null at its end */
    const read = (n: number): Buffer | null => {
      if (pos + n > size) return null;
      if (buf.length < n) buf = Buffer.allocUnsafe(n);
      let got = 0;
      while (got < n) {
        const r = fs.readSync(fd, buf, got, n - got, pos + got);
        if (r <= 0) return null;
        got += r;
      }
      pos += n;
      return buf.subarray(0, n);
    };
    const head = read(MAGIC.length + 4);
    if (!head || head.toString("latin1", 0, MAGIC.length) !== MAGIC) return { unusable: "not an image file" };
    const json = read(head.readUInt32LE(MAGIC.length));
    if (!json) return { unusable: "truncated header" };
    let header: Header;
    try {
      header = JSON.parse(json.toString("utf8"));
    } catch {
      return { unusable: "unreadable header" };
    }
    if (header.v8 !== process.versions.v8)
      return { unusable: `written by V8 ${header.v8}, this is ${process.versions.v8}` };
    if (header.gen !== gen)
      return { unusable: `taken from generation ${header.gen}, the data files are generation ${gen}` };
    if (size - pos !== header.payloadLength)
      return { unusable: "checksum mismatch (the image is not as long as it says)" };
    const snapNow = snapshot ? fileId(snapshot) : null;
    if (JSON.stringify(snapNow) !== JSON.stringify(header.snapshot)) return { unusable: "the snapshot file changed" };
    if (crcOfPrefix(journal, header.journalLength) !== header.journalCrc)
      return { unusable: "the journal does not begin as it did" };
    // Parts are checked as they are read; nothing restored is kept unless the whole payload's checksum holds.
    let crc = 0;
    let dbs: Engine["dbs"];
    try {
      dbs = engine.readImage(() => {
        const len = read(4);
        if (!len) throw new Error("the image ends before its last part");
        crc = zlib.crc32(len, crc);
        const data = read(len.readUInt32LE(0));
        if (!data) throw new Error("the image ends before its last part");
        crc = zlib.crc32(data, crc);
        return v8.deserialize(data);
      });
    } catch (e: any) {
      return { unusable: `checksum mismatch or unreadable part (${e?.message ?? e})` };
    }
    if (pos !== size || crc >>> 0 !== header.payloadCrc) return { unusable: "checksum mismatch" };
    engine.dbs = dbs;
    return {
      stamp: {
        gen: header.gen,
        snapshot: header.snapshot,
        journalLength: header.journalLength,
        journalCrc: header.journalCrc,
      },
    };
  } finally {
    fs.closeSync(fd);
  }
}
