/**
 * The pieces of a response written in one turn of the event loop leave as one write.
 *
 * React renders a page into pieces of about 2 KB, and React Router writes each piece to the response and, when the
 * response is compressed, flushes the compressor after each (`res.flush()`): a 60 KB admin page became ~30 socket
 * writes, and with compression ~30 compressor flushes, each ending a brotli/gzip block (a worse ratio for more CPU).
 * Here the pieces written in the same turn are held and written, and flushed, once when the turn ends (setImmediate),
 * so a page that renders in one go is one write; a streamed page (Suspense) still leaves piece by piece as each part
 * is ready. At most COALESCE_LIMIT bytes are held: past it the write happens at once and reports the socket's
 * backpressure as usual. A held write that the socket (or compressor) could not take reports that backpressure on the
 * next write, until "drain", so a slow download (an export on a phone) still pauses the writer instead of piling up
 * in memory. Writes with a callback or of other types pass straight through (after what is held).
 * docs/decisions/0060-coalesced-response-writes.md
 */
import type { RequestHandler, Response } from "express";

export const COALESCE_LIMIT = 64 * 1024;

type Write = (chunk: unknown, encoding?: unknown, callback?: unknown) => boolean;
type Flushable = Response & { flush?: () => void };

export function coalesceWrites(): RequestHandler {
  return (_req, res: Flushable, next) => {
    const write = res.write as unknown as Write;
    const end = res.end;
    const flush = res.flush;
    let held: Buffer[] = [];
    let size = 0;
    let scheduled = false;
    let flushWanted = false;
    // The last write we made was refused (buffer full): report it to the writer until the stream drains.
    let blocked = false;

    const release = (): boolean => {
      if (size === 0) return true;
      const chunk = held.length === 1 ? held[0] : Buffer.concat(held, size);
      held = [];
      size = 0;
      const ok = write.call(res, chunk);
      if (!ok && !blocked) {
        blocked = true;
        res.once("drain", () => {
          blocked = false;
        });
      }
      if (flushWanted) {
        flushWanted = false;
        flush?.call(res);
      }
      return ok;
    };
    const releaseLater = () => {
      scheduled = false;
      if (!res.destroyed) release();
    };

    res.write = function (this: Response, chunk: unknown, encoding?: unknown, callback?: unknown) {
      if (
        !(chunk instanceof Uint8Array) ||
        typeof encoding === "function" ||
        typeof callback === "function" ||
        res.writableEnded
      ) {
        release();
        return write.call(res, chunk, encoding, callback);
      }
      held.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      size += chunk.byteLength;
      if (size >= COALESCE_LIMIT) return release();
      if (!scheduled) {
        scheduled = true;
        setImmediate(releaseLater);
      }
      return !blocked;
    } as Response["write"];

    if (flush) {
      res.flush = () => {
        if (size > 0) flushWanted = true;
        else flush.call(res);
      };
    }

    res.end = function (this: Response, ...args: unknown[]) {
      release();
      return (end as (...a: unknown[]) => Response).apply(res, args);
    } as Response["end"];

    next();
  };
}
