import type { FindCursor } from "mongodb";

/**
 * A driver cursor read as whole batches, the next batch already asked for while the caller works on this one.
 *
 * A cursor only sends `getMore` once its buffer is empty, so a reader that formats each batch (a CSV export)
 * alternates with the database: one waits while the other works. Taking the buffered documents at once and asking
 * for the next batch before handing them over lets both work at the same time, and no promise is made per
 * document. The cursor is closed when the reader stops early or the batches run out.
 */
export async function* readAhead<T>(cursor: FindCursor<T>): AsyncGenerator<T[]> {
  let more: Promise<boolean> = cursor.hasNext();
  try {
    for (;;) {
      if (!(await more)) return;
      const batch = cursor.readBufferedDocuments();
      more = cursor.hasNext();
      // A reader that stops now never awaits this promise: mark it handled (awaiting it later still throws).
      more.catch(() => undefined);
      // The driver writes the getMore a few ticks later; let it leave before the caller's synchronous work begins.
      await new Promise((resolve) => setImmediate(resolve));
      yield batch;
    }
  } finally {
    await more.catch(() => undefined);
    await cursor.close();
  }
}
