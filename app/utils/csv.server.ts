import { formatPhone, formatStoredPhone } from "#app/domain/phone.ts";
import { stringify } from "csv-stringify/sync";

/**
 * CSV downloads shared by every area (admin registrations, users, facilitator
 * exports…). Rows are read from an async source (e.g. a database cursor) a chunk
 * at a time as the download is read, so memory stays flat however many rows there
 * are. UTF-8 with a BOM so Excel opens the file as UTF-8.
 */

/** A column: its header and how to read the cell from a row. */
export type CsvColumn<T> = { header: string; value: (row: T) => unknown };

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

/** Rows formatted per chunk when the source gives single rows: about 30–60 KB of CSV, so few writes and little memory. */
const ROWS_PER_CHUNK = 250;

/**
 * Where a download's rows come from: rows one at a time (a list, a generator), or `{ batches }`, whole batches as a
 * database cursor delivers them (#app/models/infra/read-ahead.server.ts) — each batch becomes one chunk of CSV.
 */
export type CsvRows<T> = AsyncIterable<T> | Iterable<T> | { batches: AsyncIterable<readonly T[]> };

async function* inChunks<T>(rows: AsyncIterable<T> | Iterable<T>): AsyncGenerator<readonly T[]> {
  let chunk: T[] = [];
  for await (const row of rows) {
    chunk.push(row);
    if (chunk.length >= ROWS_PER_CHUNK) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length) yield chunk;
}

/**
 * The CSV text of the rows, header first, as a stream of UTF-8 bytes (BOM first). Rows are read only as fast as
 * the reader takes chunks (the stream pulls one chunk at a time), and each chunk of rows is formatted in one call to
 * csv-stringify's synchronous API: no Node stream, no promise per row between the database cursor and the socket.
 */
export function csvStream<T>(rows: CsvRows<T>, columns: ReadonlyArray<CsvColumn<T>>): ReadableStream<Uint8Array> {
  const chunks = ("batches" in rows ? rows.batches : inChunks(rows))[Symbol.asyncIterator]();
  const headers = columns.map((c) => c.header);
  const encoder = new TextEncoder();
  let first = true;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await chunks.next();
          const records = next.done ? [] : next.value.map((row) => columns.map((c) => csvCell(c.value(row))));
          if (records.length || first) {
            const text = stringify(records, {
              bom: first,
              header: first,
              columns: headers,
              quoted_string: false,
              escape_formulas: true,
            });
            controller.enqueue(encoder.encode(text));
            first = false;
          }
          if (next.done) controller.close();
        } catch (error) {
          controller.error(error);
          await chunks.return?.();
        }
      },
      async cancel() {
        await chunks.return?.();
      },
    },
    { highWaterMark: 1 },
  );
}

/** A download response for the rows: text/csv, UTF-8, attachment with the file name. */
export function csvResponse<T>(
  filename: string,
  rows: CsvRows<T>,
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

/**
 * A phone number as a spreadsheet keeps it: as Ghanaians write it (024 123 4567), which no spreadsheet turns into a
 * number (dropping the 0) and the formula guard leaves alone; a foreign number with 00 for its + (00 44 7911 123456),
 * which the guard would otherwise mark with an apostrophe. From the stored E.164 form when there is one (no parsing),
 * else from the number as typed.
 */
export function csvPhone(typed: string | null | undefined, e164?: string | null): string {
  const shown = e164 ? formatStoredPhone(e164) : typed ? formatPhone(typed) : "";
  return shown.replace(/^\+/, "00 ");
}
