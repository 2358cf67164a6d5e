import { stringify } from "csv-stringify";

/**
 * CSV downloads shared by every area (admin registrations, users, facilitator
 * exports…). Rows are streamed from an async source (e.g. a Mongoose cursor)
 * through csv-stringify with back-pressure, so memory stays flat however many
 * rows there are. UTF-8 with a BOM so Excel opens the file as UTF-8.
 */

/** A column: its header and how to read the cell from a row. */
export type CsvColumn<T> = { header: string; value: (row: T) => unknown };

const CHUNK_CHARS = 32 * 1024;

/**
 * Cell value as handed to csv-stringify: arrays joined with ", ", dates as ISO
 * text, numbers kept as numbers. Formulas are neutralised by csv-stringify's own
 * `escape_formulas` option (a cell starting with = + - @ tab or CR gets a
 * leading single quote; a negative number stays a number).
 */
export function csvCell(value: unknown): string | number {
  if (value == null) return "";
  if (typeof value === "number") return Number.isFinite(value) ? value : "";
  if (Array.isArray(value)) return value.map((v) => (v == null ? "" : String(v))).join(", ");
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "" : value.toISOString();
  return String(value);
}

/** `Content-Disposition` filename: keep it to safe characters. */
export function safeFilename(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9._-]+/g, "_").slice(0, 120);
  return cleaned || "export.csv";
}

/** The CSV text of the rows, header first, as a stream of UTF-8 bytes (BOM first). */
export function csvStream<T>(rows: AsyncIterable<T> | Iterable<T>, columns: ReadonlyArray<CsvColumn<T>>): ReadableStream<Uint8Array> {
  const stringifier = stringify({
    bom: true,
    header: true,
    columns: columns.map((c) => c.header),
    quoted_string: false,
    escape_formulas: true,
  });
  const source = (async function* () {
    for await (const row of rows) yield columns.map((c) => csvCell(c.value(row)));
  })();
  // Feed the stringifier one row at a time, waiting when its buffer is full.
  const feed = (async () => {
    try {
      for await (const record of source) {
        if (stringifier.destroyed) break;
        if (!stringifier.write(record)) {
          await new Promise<void>((resolve) => {
            const done = () => {
              stringifier.off("drain", done);
              stringifier.off("close", done);
              resolve();
            };
            stringifier.on("drain", done);
            stringifier.on("close", done);
          });
        }
      }
      if (!stringifier.destroyed) stringifier.end();
    } catch (error) {
      stringifier.destroy(error as Error);
    }
  })();
  const output = stringifier[Symbol.asyncIterator]() as AsyncIterator<string | Buffer>;
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>(
    {
      // Records are gathered into chunks of about 32 KB: far fewer writes (and
      // compression flushes) than one chunk per row, memory still bounded.
      async pull(controller) {
        try {
          let text = "";
          while (text.length < CHUNK_CHARS) {
            const { value, done } = await output.next();
            if (done) {
              if (text) controller.enqueue(encoder.encode(text));
              controller.close();
              await feed;
              return;
            }
            text += typeof value === "string" ? value : value.toString("utf8");
          }
          controller.enqueue(encoder.encode(text));
        } catch (error) {
          controller.error(error);
        }
      },
      async cancel() {
        stringifier.destroy();
        await source.return?.(undefined);
        await output.return?.(undefined);
      },
    },
    { highWaterMark: 1 },
  );
}

/** A download response for the rows: text/csv, UTF-8, attachment with the file name. */
export function csvResponse<T>(
  filename: string,
  rows: AsyncIterable<T> | Iterable<T>,
  columns: ReadonlyArray<CsvColumn<T>>,
  headers?: HeadersInit,
): Response {
  const h = new Headers(headers);
  h.set("Content-Type", "text/csv; charset=utf-8");
  h.set("Content-Disposition", `attachment; filename="${safeFilename(filename)}"`);
  h.set("Cache-Control", "no-store");
  h.set("X-Content-Type-Options", "nosniff");
  return new Response(csvStream(rows, columns), { status: 200, headers: h });
}
