/**
 * Durable storage for the embedded server: snapshot + append-only journal.
 *
 * Files in the data directory:
 *   mongod.lock          "<pid> <start time>" of the owning process (created exclusively: lock.ts)
 *   snapshot-<N>.bson    full state written at compaction N (absent for N=0)
 *   journal-<N>.bson     records appended since snapshot N
 *   image-<N>.v8         a checkpoint image of the state in memory (image.ts): written when the storage closes and
 *                        at compaction, used by a start only while it matches the snapshot and journal; a cache
 *
 * Both files are sequences of frames: u32 LE payload length, u32 LE CRC32 of
 * the payload, payload = one BSON document (a JournalRecord). A write is
 * acknowledged only after its frames were written and fdatasync'ed; concurrent
 * writes share one fdatasync (group commit). On start the snapshot is loaded,
 * the journal replayed, and a torn/corrupt tail is truncated away. Replay is
 * idempotent (records are "put document", "remove id", "create/drop ..."), so
 * records present both in a snapshot and in the following journal are harmless.
 */
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import zlib from "node:zlib";
import { serialize } from "bson";
import type { Engine, Journal, JournalRecord } from "./engine.ts";
import { crcOfPrefix, fileId, readImage, writeImage } from "./image.ts";
import { decodeBson } from "./values.ts";
import { acquireLock } from "./lock.ts";

const FRAME_HEADER = 8;
const MAX_RECORD = 64 * 1024 * 1024;
export const DEFAULT_COMPACT_THRESHOLD = 64 * 1024 * 1024;
/** A compaction's snapshot is written in slices of about this long, the event loop free between them. */
const SLICE_MS = 10;
/** and to its file in writes of about this size. */
const WRITE_CHUNK = 1 << 20;

export interface StorageOptions {
  compactThresholdBytes?: number;
  log?: (msg: string) => void;
  onFatal?: (err: Error) => void;
}

export function frame(rec: JournalRecord | Record<string, any>): Buffer {
  const payload = serialize(rec);
  const out = Buffer.allocUnsafe(FRAME_HEADER + payload.length);
  out.writeUInt32LE(payload.length, 0);
  out.writeUInt32LE(zlib.crc32(payload) >>> 0, 4);
  out.set(payload, FRAME_HEADER);
  return out;
}

/**
 * Parse frames, handing each record to `apply` as soon as it is decoded (a record is garbage once applied, so loading
 * never holds a second copy of the data); returns how many were applied and the offset of the first invalid byte
 * (== length when clean).
 */
export function applyFrames(
  buf: Buffer,
  apply: (rec: JournalRecord) => void,
): { count: number; validLength: number; error?: string } {
  return scanFrames(buf, apply, true);
}

/**
 * applyFrames over part of a file: when `final` is false a frame cut off by the end of `buf` is not an error, the scan
 * just stops before it (the caller reads more).
 */
function scanFrames(
  buf: Buffer,
  apply: (rec: JournalRecord) => void,
  final: boolean,
): { count: number; validLength: number; error?: string } {
  let count = 0;
  let pos = 0;
  while (pos < buf.length) {
    if (pos + FRAME_HEADER > buf.length)
      return final ? { count, validLength: pos, error: "truncated frame header" } : { count, validLength: pos };
    const len = buf.readUInt32LE(pos);
    const crc = buf.readUInt32LE(pos + 4);
    if (len < 5 || len > MAX_RECORD) return { count, validLength: pos, error: `bad frame length ${len}` };
    if (pos + FRAME_HEADER + len > buf.length)
      return final ? { count, validLength: pos, error: "truncated frame" } : { count, validLength: pos };
    const payload = buf.subarray(pos + FRAME_HEADER, pos + FRAME_HEADER + len);
    if (zlib.crc32(payload) >>> 0 !== crc) return { count, validLength: pos, error: "checksum mismatch" };
    let rec: JournalRecord;
    try {
      rec = decodeBson(payload) as JournalRecord;
    } catch (e: any) {
      return { count, validLength: pos, error: `undecodable record: ${e?.message ?? e}` };
    }
    apply(rec);
    count++;
    pos += FRAME_HEADER + len;
  }
  return { count, validLength: pos };
}

/**
 * How much of a data file is read at a time while loading: small enough that a chunk is garbage before the next minor
 * collection. Larger chunks outlive it, are promoted and stay in memory until a full collection (with 4 MiB chunks,
 * 65 of the 89 MiB read were still held when a 100k-registration load ended; with 64 KiB, none).
 */
export const LOAD_CHUNK = 64 * 1024;

/**
 * applyFrames over a whole file, read `chunk` bytes at a time (more when one frame is larger): the same result as
 * reading the file into one buffer, without holding the file in memory (100 MiB of data files were 100 MiB of memory
 * until the next full garbage collection).
 */
export function applyFileFrames(
  file: string,
  apply: (rec: JournalRecord) => void,
  chunk = LOAD_CHUNK,
  start = 0,
): { count: number; validLength: number; size: number; error?: string } {
  const fd = fs.openSync(file, "r");
  try {
    const size = fs.fstatSync(fd).size;
    let count = 0;
    let base = start; // file offset of buf[0]
    let read = start; // file offset read up to
    let buf = Buffer.alloc(0);
    for (;;) {
      const atEnd = read >= size;
      const r = scanFrames(buf, apply, atEnd);
      count += r.count;
      if (r.error || atEnd)
        return { count, validLength: base + r.validLength, size, ...(r.error ? { error: r.error } : {}) };
      const tail = buf.subarray(r.validLength);
      let want = chunk;
      if (tail.length >= FRAME_HEADER) want = Math.max(want, FRAME_HEADER + tail.readUInt32LE(0) - tail.length);
      want = Math.min(want, size - read);
      const next = Buffer.allocUnsafe(tail.length + want);
      tail.copy(next, 0);
      let got = 0;
      while (got < want) {
        const n = fs.readSync(fd, next, tail.length + got, want - got, read + got);
        if (n <= 0) break;
        got += n;
      }
      base += r.validLength;
      read += got;
      buf = next.subarray(0, tail.length + got);
      if (got < want) read = size; // the file is shorter than it was: scan what there is as the end
    }
  } finally {
    fs.closeSync(fd);
  }
}

async function writeAll(fh: fsp.FileHandle, buf: Buffer) {
  let off = 0;
  while (off < buf.length) {
    const { bytesWritten } = await fh.write(buf, off, buf.length - off);
    if (bytesWritten <= 0) throw new Error("short write");
    off += bytesWritten;
  }
}

function fsyncDir(dir: string) {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, "r");
    fs.fsyncSync(fd);
  } catch (e: any) {
    // some platforms/filesystems refuse fsync on directories
    if (e?.code !== "EISDIR" && e?.code !== "EINVAL" && e?.code !== "EPERM") throw e;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

interface Waiter {
  target: number;
  resolve: () => void;
  reject: (e: Error) => void;
}

export class Storage implements Journal {
  private fh!: fsp.FileHandle;
  private gen = 0;
  private size = 0;
  private pending: Buffer[] = [];
  private appended = 0;
  private durable = 0;
  private waiters: Waiter[] = [];
  private flushing: Promise<void> | null = null;
  private failed: Error | null = null;
  private closed = false;
  private threshold: number;
  private log: (msg: string) => void;
  private onFatal: (err: Error) => void;
  /** number of compactions done by this process (for tests/diagnostics) */
  compactions = 0;
  private compacting: Promise<void> | null = null;
  /** Frames written to the journal since the running compaction began its snapshot (null: none runs). */
  private carried: Buffer[] | null = null;
  private carriedBytes = 0;
  /** Set while a compaction switches generations: the journal is not written meanwhile. */
  private holding = false;
  /** Set by close: a running compaction stops at its next slice and leaves the old generation as it is. */
  private stopping = false;
  /** how much of the journal the generation's image covers (-1: it has none) */
  private imageLength = -1;
  /** whether the start restored the state from an image (for tests/diagnostics) */
  loadedFromImage = false;

  private constructor(
    readonly dir: string,
    private engine: Engine,
    private lockPath: string,
    opts: StorageOptions,
  ) {
    this.threshold = opts.compactThresholdBytes ?? DEFAULT_COMPACT_THRESHOLD;
    this.log = opts.log ?? (() => {});
    this.onFatal = opts.onFatal ?? (() => {});
  }

  static async open(dir: string, engine: Engine, opts: StorageOptions = {}): Promise<Storage> {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    makePrivate(dir);
    const lockPath = acquireLock(dir);
    const st = new Storage(dir, engine, lockPath, opts);
    try {
      await st.load();
    } catch (e) {
      try {
        await st.fh?.close();
      } catch {}
      st.releaseLock();
      throw e;
    }
    return st;
  }

  private file(kind: "snapshot" | "journal" | "image", gen: number) {
    return path.join(this.dir, kind === "image" ? `image-${gen}.v8` : `${kind}-${gen}.bson`);
  }

  /**
   * Restores the engine from the generation's image when there is one that matches the data files; returns how much
   * of the journal it covers (null: not restored, the data files are to be loaded). An unusable image is removed.
   */
  private restoreImage(gen: number): number | null {
    const file = this.file("image", gen);
    if (!fs.existsSync(file)) return null;
    const jpath = this.file("journal", gen);
    let why: string;
    try {
      const img = fs.existsSync(jpath)
        ? readImage(file, gen, gen > 0 ? this.file("snapshot", gen) : null, jpath, this.engine)
        : { unusable: "no journal" };
      if ("stamp" in img) {
        this.imageLength = img.stamp.journalLength;
        this.loadedFromImage = true;
        return img.stamp.journalLength;
      }
      why = img.unusable;
    } catch (e: any) {
      // readImage puts nothing in place unless all of it checked out: the engine is still empty
      why = e?.message ?? String(e);
    }
    this.log(`image ${file} not used (${why}): loading the data files`);
    try {
      fs.unlinkSync(file);
    } catch {}
    return null;
  }

  /** Writes the image of the current state, which the data files of `gen` hold up to `journalLength` of the journal. */
  private writeImage(gen: number, journalLength: number) {
    const file = this.file("image", gen);
    try {
      const journalCrc = crcOfPrefix(this.file("journal", gen), journalLength);
      if (journalCrc === null) throw new Error("the journal is shorter than what was written");
      const snapshot = gen > 0 ? fileId(this.file("snapshot", gen)) : null;
      writeImage(file, { gen, snapshot, journalLength, journalCrc }, this.engine);
      this.imageLength = journalLength;
    } catch (e: any) {
      // A cache: without it the next start loads the data files.
      this.log(`could not write the image ${file}: ${e?.message ?? e}`);
      try {
        fs.unlinkSync(file);
      } catch {}
    }
  }

  private async load() {
    const names = fs.readdirSync(this.dir);
    let gen = 0;
    for (const n of names) {
      const m = /^snapshot-(\d+)\.bson$/.exec(n);
      if (m) gen = Math.max(gen, Number(m[1]));
    }
    this.gen = gen;
    const snap = this.file("snapshot", gen);
    const fromImage = this.restoreImage(gen);
    if (gen > 0 && fromImage === null) {
      // A corrupt snapshot refuses the start: what was applied before the bad frame is discarded with the engine.
      const { validLength, size, error } = applyFileFrames(snap, (r) => this.engine.applyRecord(r));
      if (error || validLength !== size)
        throw new Error(`embedded-mongo: snapshot ${snap} is corrupt (${error}); refusing to start`);
    }
    const jpath = this.file("journal", gen);
    if (fs.existsSync(jpath)) {
      const { validLength, size, error } = applyFileFrames(
        jpath,
        (r) => this.engine.applyRecord(r),
        LOAD_CHUNK,
        fromImage ?? 0,
      );
      if (validLength !== size) {
        this.log(`journal ${jpath}: dropping ${size - validLength} byte(s) of torn/corrupt tail (${error})`);
        fs.truncateSync(jpath, validLength);
        const fd = fs.openSync(jpath, "r+");
        fs.fsyncSync(fd);
        fs.closeSync(fd);
      }
      this.size = validLength;
    } else {
      fs.closeSync(fs.openSync(jpath, "a", 0o600));
      fsyncDir(this.dir);
    }
    // remove leftovers of older generations / interrupted compactions
    for (const n of names) {
      const m = /^(?:snapshot|journal)-(\d+)\.bson(\.tmp)?$|^image-(\d+)\.v8(\.tmp)?$/.exec(n);
      if (m && (Number(m[1] ?? m[3]) !== gen || m[2] || m[4])) {
        try {
          fs.unlinkSync(path.join(this.dir, n));
        } catch {}
      }
    }
    this.fh = await fsp.open(jpath, "a");
  }

  append(rec: JournalRecord) {
    if (this.closed) throw new Error("embedded-mongo: storage is closed");
    if (this.failed) throw this.failed;
    this.pending.push(frame(rec));
    this.appended++;
  }

  commit(): Promise<void> {
    if (this.failed) return Promise.reject(this.failed);
    const target = this.appended;
    if (target <= this.durable) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.waiters.push({ target, resolve, reject });
      this.kick();
    });
  }

  private kick() {
    if (this.flushing || this.holding) return;
    this.flushing = this.flushLoop().finally(() => {
      this.flushing = null;
      if (this.pending.length && !this.failed) this.kick();
    });
  }

  private async flushLoop() {
    try {
      while (this.pending.length && !this.holding) {
        const upto = this.appended;
        const buf = this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending);
        this.pending = [];
        let off = 0;
        while (off < buf.length) {
          const { bytesWritten } = await this.fh.write(buf, off, buf.length - off);
          if (bytesWritten <= 0) throw new Error("short write to journal");
          off += bytesWritten;
        }
        await this.fh.datasync();
        this.size += buf.length;
        if (this.carried) {
          this.carried.push(buf);
          this.carriedBytes += buf.length;
        }
        this.durable = upto;
        this.resolveWaiters();
        if (this.size > this.threshold && !this.compacting && !this.stopping) this.compact().catch((e) => this.fail(e));
      }
    } catch (e: any) {
      this.fail(e instanceof Error ? e : new Error(String(e)));
    }
  }

  private resolveWaiters() {
    const rest: Waiter[] = [];
    for (const w of this.waiters) {
      if (w.target <= this.durable) w.resolve();
      else rest.push(w);
    }
    this.waiters = rest;
  }

  private fail(err: Error) {
    if (this.failed) return;
    this.failed = new Error(`disk write failed: ${err.message}`);
    for (const w of this.waiters) w.reject(this.failed);
    this.waiters = [];
    this.onFatal(this.failed);
  }

  /**
   * Write a snapshot of the current state and switch to a fresh journal (docs/decisions/0113-compaction-in-slices.md).
   * The snapshot is written a slice at a time, the event loop free between slices, while writes go on into the old
   * journal: the records written meanwhile are kept (`carried`) and begin the new journal, so replaying the new
   * generation gives every write however far the snapshot had got when it happened (replay is idempotent). Until the
   * switch the old generation is the durable one; the switch itself is short (the carried records, one rename).
   */
  compact(): Promise<void> {
    this.compacting ??= this.runCompaction().finally(() => {
      this.compacting = null;
    });
    return this.compacting;
  }

  private async runCompaction() {
    const next = this.gen + 1;
    const snap = this.file("snapshot", next);
    const tmp = snap + ".tmp";
    const fh = await fsp.open(tmp, "w", 0o600);
    let switched = false;
    try {
      // From here on every record written to the old journal is also kept for the new one.
      this.carried = [];
      this.carriedBytes = 0;
      let chunk: Buffer[] = [];
      let bytes = 0;
      let sliceStart = performance.now();
      for (const rec of this.engine.snapshotRecords()) {
        const f = frame(rec);
        chunk.push(f);
        bytes += f.length;
        if (bytes >= WRITE_CHUNK) {
          await writeAll(fh, Buffer.concat(chunk));
          chunk = [];
          bytes = 0;
        }
        if (performance.now() - sliceStart >= SLICE_MS) {
          await new Promise((resolve) => setImmediate(resolve));
          if (this.stopping || this.failed) return;
          sliceStart = performance.now();
        }
      }
      if (chunk.length) await writeAll(fh, Buffer.concat(chunk));
      await fh.sync();
      await fh.close();

      // The switch: nothing is written to the journal meanwhile.
      this.holding = true;
      while (this.flushing) await this.flushing;
      if (this.failed) throw this.failed;
      if (this.stopping) return;
      const jpath = this.file("journal", next);
      const jfh = await fsp.open(jpath, "w", 0o600);
      try {
        for (const b of this.carried) await writeAll(jfh, b);
        await jfh.datasync();
        // the new journal's name is on disk before the snapshot that makes its generation the one a start reads
        fsyncDir(this.dir);
        fs.renameSync(tmp, snap);
      } catch (e) {
        await jfh.close().catch(() => {});
        fs.rmSync(jpath, { force: true });
        throw e;
      }
      switched = true;
      // from here on the new generation is authoritative
      const old = this.fh;
      const oldGen = this.gen;
      this.fh = jfh;
      this.gen = next;
      this.size = this.carriedBytes;
      this.carried = null;
      // The old image describes the old generation; the new one is written when the database is idle (checkpoint).
      this.imageLength = -1;
      // the rename is on disk before anything is acknowledged from the new journal
      fsyncDir(this.dir);
      this.holding = false;
      if (this.pending.length && !this.failed) this.kick();
      await old.close();
      for (const p of [this.file("snapshot", oldGen), this.file("journal", oldGen), this.file("image", oldGen)]) {
        try {
          fs.unlinkSync(p);
        } catch {}
      }
      fsyncDir(this.dir);
      this.compactions++;
      this.log(`compacted data files into generation ${next}`);
    } catch (e: any) {
      // as a failed journal write: nothing more is acknowledged (the old generation, or the new one, holds what was)
      this.fail(e instanceof Error ? e : new Error(String(e)));
      throw e;
    } finally {
      this.carried = null;
      this.holding = false;
      if (!switched) {
        await fh.close().catch(() => {});
        fs.rmSync(tmp, { force: true });
      }
      if (this.pending.length && !this.failed) this.kick();
    }
  }

  /** Whether the generation has no image yet (after a compaction, or a start from the data files): see checkpoint. */
  get needsImage(): boolean {
    return this.imageLength < 0 && !this.closed && !this.failed;
  }

  /**
   * Writes the image of the current state when every record is written and no compaction runs; returns whether it
   * did. A synchronous step that takes as long as the data is large (docs/decisions/0113-compaction-in-slices.md):
   * the server calls it when no command has come for a while, and at close.
   */
  checkpoint(): boolean {
    if (!this.needsImage || this.pending.length || this.flushing || this.compacting) return false;
    this.writeImage(this.gen, this.size);
    return true;
  }
  private releaseLock() {
    try {
      const content = fs.readFileSync(this.lockPath, "utf8").trim();
      if (Number(content.split(/\s+/)[0]) === process.pid) fs.unlinkSync(this.lockPath);
    } catch {}
  }

  async close() {
    if (this.closed) return;
    try {
      if (!this.failed) await this.commit();
    } catch {}
    while (this.flushing) await this.flushing;
    this.stopping = true;
    await this.compacting?.catch(() => {});
    while (this.flushing) await this.flushing;
    this.closed = true;
    // Every record is on disk and no other can be added: the next start can begin from here.
    if (!this.failed && this.imageLength !== this.size) this.writeImage(this.gen, this.size);
    try {
      await this.fh.close();
    } catch {}
    this.releaseLock();
  }
}

/**
 * The data is the owner's alone (passwords' hashes, codes' hashes, everything the app stores): the folder 700 and its
 * files 600, also those an earlier version wrote 644. New files are made 600.
 */
function makePrivate(dir: string) {
  fs.chmodSync(dir, 0o700);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) makePrivate(p);
    else if (entry.isFile()) fs.chmodSync(p, 0o600);
  }
}

/**
 * A consistent copy of a data directory, taken while another process runs on it (its lock is neither needed nor
 * taken): the newest generation's snapshot and the journal up to its length at the moment both were open. The journal
 * is only appended to, and a compaction unlinks an old generation only after the new one is on disk, so the files
 * once open hold that generation whole even if a compaction switches meanwhile; a write still being appended leaves a
 * torn last frame, which opening the copy drops (it was not acknowledged when the copy was taken). The image, a
 * cache, is left out: opening the copy loads the data files. Returns the generation and the bytes copied.
 */
export async function copyDataFiles(fromDir: string, toDir: string): Promise<{ generation: number; bytes: number }> {
  for (let attempt = 0; ; attempt++) {
    let gen = 0;
    for (const n of fs.readdirSync(fromDir)) {
      const m = /^snapshot-(\d+)\.bson$/.exec(n);
      if (m) gen = Math.max(gen, Number(m[1]));
    }
    const opened: fsp.FileHandle[] = [];
    try {
      // The journal first: a generation's journal exists before its snapshot gets its name.
      const journal = await fsp.open(path.join(fromDir, `journal-${gen}.bson`), "r");
      opened.push(journal);
      const snapshot = gen > 0 ? await fsp.open(path.join(fromDir, `snapshot-${gen}.bson`), "r") : null;
      if (snapshot) opened.push(snapshot);
      const journalLength = (await journal.stat()).size;
      fs.mkdirSync(toDir, { recursive: true, mode: 0o700 });
      let bytes = 0;
      const copy = async (from: fsp.FileHandle, name: string, length: number) => {
        const to = await fsp.open(path.join(toDir, name), "w", 0o600);
        try {
          const buf = Buffer.alloc(WRITE_CHUNK);
          for (let at = 0; at < length;) {
            const { bytesRead } = await from.read(buf, 0, Math.min(buf.length, length - at), at);
            if (bytesRead === 0) break;
            await writeAll(to, buf.subarray(0, bytesRead));
            at += bytesRead;
            bytes += bytesRead;
          }
          await to.sync();
        } finally {
          await to.close();
        }
      };
      if (snapshot) await copy(snapshot, `snapshot-${gen}.bson`, (await snapshot.stat()).size);
      await copy(journal, `journal-${gen}.bson`, journalLength);
      return { generation: gen, bytes };
    } catch (e: any) {
      // A compaction removed the generation between listing and opening it: the next one is there.
      if (e?.code !== "ENOENT" || attempt >= 5) throw e;
    } finally {
      for (const fh of opened) await fh.close().catch(() => {});
    }
  }
}
