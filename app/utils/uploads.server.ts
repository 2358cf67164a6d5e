import { parseFormData } from "@remix-run/form-data-parser";
import {
  isMultipartRequest,
  MaxFileSizeExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseMultipartRequest,
} from "@remix-run/multipart-parser";
import { fileTypeFromBuffer } from "file-type";
import { data } from "react-router";
import { deleteFile, fileLength, getFile, putFile, streamFile } from "#app/models/infra/file-store.server.ts";
import { MAX_UPLOAD_BYTES } from "#app/utils/body-limits.ts";
import { fieldNamesWithinBounds } from "#app/forms/bounds.ts";
import { cleanImage, tooManyPixels } from "#app/utils/images.server.ts";

/**
 * Safe uploads (docs/product.md#architecture): the size limit is enforced while the body
 * streams in, the type comes from the file's bytes (never the client's name
 * or MIME), the stored key is generated here, and the bytes go to the database
 * (GridFS, app/models/infra/file-store.server.ts). Generic: timetables and facilitator assignments
 * both use it with their own rules.
 */

/** A file type an upload may have, detected from its bytes. */
export type UploadType = { mime: string; ext: string };

const MIME_BY_EXT = {
  jpg: "image/jpeg",
  png: "image/png",
  pdf: "application/pdf",
  mp4: "video/mp4",
  mov: "video/quicktime",
  avi: "video/vnd.avi",
} as const;
type UploadExt = keyof typeof MIME_BY_EXT;

/** Each accepted type by its extension: `UPLOAD_TYPES.pdf` is `{ mime: "application/pdf", ext: "pdf" }`. */
export const UPLOAD_TYPES = Object.fromEntries(
  Object.entries(MIME_BY_EXT).map(([ext, mime]) => [ext, { mime, ext }]),
) as {
  [E in UploadExt]: { mime: (typeof MIME_BY_EXT)[E]; ext: E };
};

export type UploadRules = {
  /** The `<input type="file">` name; other file fields are ignored. */
  fileField: string;
  /** Accepted types (by detected bytes). */
  allowed: readonly UploadType[];
  /** The largest file. */
  maxBytes: number;
  /** How many files the field takes (`<input multiple>`); 1 unless said. More is refused as "too-many". */
  maxFiles?: number;
  /**
   * "cleaned" (the default): a JPEG or PNG is stored stripped of its metadata and at most 1,600 px on its longest side
   * (app/utils/images.server.ts); "as-sent": the caller makes it safe itself (hand-ins become JPEG). Either way an image
   * of more pixels than the portal opens is refused ("too-many-pixels").
   */
  images?: "cleaned" | "as-sent";
};

export type UploadFailure = "too-large" | "invalid-type" | "empty" | "too-many" | "malformed" | "too-many-pixels";

/** A received, checked file held in memory (at most maxBytes) until `storeUpload`. */
export type ReceivedFile = { bytes: Uint8Array; type: UploadType; size: number; clientName: string };

export type ParsedUpload =
  | { ok: true; fields: FormData; file: ReceivedFile | null; files: ReceivedFile[] }
  | { ok: false; failure: UploadFailure; fields: FormData; failedName?: string };

/** The body an upload of these rules may take: its files at their largest, plus room for the text fields. */
export const uploadBodyLimit = (rules: Pick<UploadRules, "maxBytes" | "maxFiles">) =>
  rules.maxBytes * (rules.maxFiles ?? 1) + 256 * 1024;

const TEXT_FIELDS_MAX = 50;
const EXTRA_FILES_READ = 20;

/** Names shown back to people: the client's base name, printable characters only, no path. */
export function safeDisplayName(name: string, fallback = "file"): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = base
    .replace(/[^\w .()-]/g, "_")
    .replace(/^\.+/, "")
    .trim()
    .slice(0, 120);
  return cleaned || fallback;
}

/** Detects the type from the bytes; SVG, HTML, scripts and executables are never in `allowed`, so they fail here. */
export async function detectType(bytes: Uint8Array, allowed: readonly UploadType[]): Promise<UploadType | null> {
  const detected = await fileTypeFromBuffer(bytes).catch(() => undefined);
  if (!detected) return null;
  return allowed.find((t) => t.mime === detected.mime || (t.ext === "jpg" && detected.mime === "image/jpeg")) ?? null;
}

/**
 * Parses a multipart (or urlencoded) form. The parts are read one by one, in
 * the order the browser sent them (the order of the form's fields), so every
 * text field that came before the file is kept even when the file is refused:
 * for its type, its emptiness, or its size (the size limit is applied while the
 * file streams in; the parser stops there and the rest of the body is drained
 * unread). Forms put their file input last, so nothing typed is lost. Text
 * fields after an oversized file cannot be read and are missing.
 */
export async function parseUpload(request: Request, rules: UploadRules): Promise<ParsedUpload> {
  const fields = new FormData();
  if (!isMultipartRequest(request)) {
    try {
      const parsed = await parseFormData(request, { maxFiles: 0, maxParts: TEXT_FIELDS_MAX, maxTotalSize: 256 * 1024 });
      if (!fieldNamesWithinBounds(parsed.keys())) return { ok: false, failure: "malformed", fields };
      for (const [key, value] of parsed) if (typeof value === "string") fields.append(key, value);
      return { ok: true, fields, file: null, files: [] };
    } catch {
      return { ok: false, failure: "malformed", fields };
    }
  }
  const received: ReceivedFile[] = [];
  const maxFiles = rules.maxFiles ?? 1;
  let failure: UploadFailure | null = null;
  let failedName: string | undefined;
  let files = 0;
  try {
    const parts = parseMultipartRequest(request, {
      maxFileSize: rules.maxBytes,
      maxParts: TEXT_FIELDS_MAX + maxFiles + EXTRA_FILES_READ,
      maxTotalSize: uploadBodyLimit(rules),
    });
    for await (const part of parts) {
      const name = part.name;
      if (!name) continue;
      // The same bounds as every form's (app/forms/bounds.ts): a list index no form uses is no form of ours.
      if (!fieldNamesWithinBounds([name])) return { ok: false, failure: "malformed", fields: new FormData() };
      if (!part.isFile) {
        fields.append(name, part.text);
        continue;
      }
      // More files than the field takes are read (and dropped) up to a point, so the answer is "too many" by the
      // field with the typed values kept; far more is no form of ours.
      if (++files > maxFiles + EXTRA_FILES_READ) return { ok: false, failure: "malformed", fields };
      if (name !== rules.fileField || failure) continue;
      // A form submitted with no file chosen sends an empty, nameless part.
      if (part.size === 0 && !part.filename) continue;
      if (received.length === maxFiles) {
        failure = "too-many";
        continue;
      }
      if (part.size === 0) {
        failure = "empty";
        failedName = part.filename ?? undefined;
        continue;
      }
      const bytes = part.bytes;
      const type = await detectType(bytes, rules.allowed);
      if (!type) {
        failure = "invalid-type";
        failedName = part.filename ?? undefined;
        continue;
      }
      if (type.ext === "jpg" || type.ext === "png") {
        if (await tooManyPixels(bytes)) {
          failure = "too-many-pixels";
          failedName = part.filename ?? undefined;
          continue;
        }
        if (rules.images !== "as-sent") {
          const cleaned = await cleanImage(bytes, type.ext);
          if (!cleaned) {
            failure = "invalid-type";
            failedName = part.filename ?? undefined;
            continue;
          }
          received.push({ bytes: cleaned, type, size: cleaned.byteLength, clientName: part.filename ?? "" });
          continue;
        }
      }
      received.push({ bytes, type, size: bytes.byteLength, clientName: part.filename ?? "" });
    }
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError) {
      await drainBody(request, Math.max(MAX_UPLOAD_BYTES, uploadBodyLimit(rules)));
      return { ok: false, failure: "too-large", fields };
    }
    if (
      error instanceof MaxPartsExceededError ||
      error instanceof MultipartParseError ||
      error instanceof MaxHeaderSizeExceededError
    ) {
      return { ok: false, failure: "malformed", fields };
    }
    // Anything else the multipart parser throws (a part header over its 8 KB limit, a broken boundary, a body cut
    // off by server/body-limit.ts) is the client's malformed body too: a 400, never a 500.
    if (request.signal.aborted) throw error;
    return { ok: false, failure: "malformed", fields };
  }
  if (failure)
    return { ok: false, failure, fields, ...(failedName ? { failedName: safeDisplayName(failedName) } : {}) };
  return { ok: true, fields, file: received[0] ?? null, files: received };
}

/**
 * After refusing an oversized file, read (and discard) the rest of the body,
 * up to the request-guard limit, so the client receives our answer instead of
 * a reset connection halfway through its upload. Nothing is kept in memory.
 */
async function drainBody(request: Request, limit: number) {
  const body = request.body;
  if (!body || body.locked) return;
  const reader = body.getReader();
  let read = 0;
  try {
    while (read <= limit) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The client went away: nothing to answer.
  } finally {
    reader.releaseLock();
  }
}

const SAFE_SEGMENT = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Stores the bytes under the key {ownerId}/{timestamp}[-{suffix}].{ext} (keys generated here only) in the database
 * (app/models/infra/file-store.server.ts); two uploads in the same millisecond never overwrite each other. Returns the key.
 */
export async function storeUpload(ownerId: string, bytes: Uint8Array, ext: string, suffix?: string): Promise<string> {
  if (!SAFE_SEGMENT.test(ownerId)) throw new Error("Invalid upload owner");
  if (!/^[a-z0-9]{1,8}$/.test(ext)) throw new Error("Invalid upload extension");
  if (suffix !== undefined && !SAFE_SEGMENT.test(suffix)) throw new Error("Invalid upload suffix");
  let timestamp = Date.now();
  for (let attempt = 0; attempt < 20; attempt++, timestamp++) {
    const key = `${ownerId}/${timestamp}${suffix ? `-${suffix}` : ""}.${ext}`;
    if (await putFile(key, bytes, { ownerId })) return key;
  }
  throw new Error("Could not find a free upload name");
}

const isKey = (key: string) => /^[A-Za-z0-9_-]{1,64}\/[A-Za-z0-9_-]{1,100}\.[a-z0-9]{1,8}$/.test(key);

/** Removes a stored upload (e.g. when its database row could not be written, or its row is deleted). */
export async function removeUpload(key: string) {
  if (isKey(key)) await deleteFile(key);
}

/** Reads a stored upload for an authorising download route. */
export async function readUpload(key: string): Promise<Buffer | null> {
  if (!isKey(key)) return null;
  return (await getFile(key))?.bytes ?? null;
}

/** Where a download's bytes come from: the uploads (GridFS), or the hand-in store (app/models/infra/handin-store.server.ts). */
export type FileSource = {
  length(key: string): Promise<number | null>;
  stream(key: string, range?: { start: number; end: number }): Promise<ReadableStream<Uint8Array> | null>;
};
const UPLOADS: FileSource = { length: (key) => fileLength(key), stream: (key, range) => streamFile(key, range) };

/**
 * The response of an authorising download route: the whole file, or with a `Range: bytes=…` header one range (206,
 * `Content-Range`), 416 for a range outside the file. A phone on a dropped link resumes instead of starting again.
 */
export async function uploadResponse(
  request: Request,
  key: string,
  headers: Record<string, string>,
  source: FileSource = UPLOADS,
): Promise<Response | null> {
  if (!isKey(key)) return null;
  const length = await source.length(key);
  if (length === null) return null;
  const base = { ...headers, "Accept-Ranges": "bytes" };
  const range = parseRange(request.headers.get("Range"), length);
  if (range === "unsatisfiable") {
    return new Response(null, { status: 416, headers: { ...base, "Content-Range": `bytes */${length}` } });
  }
  const body = await source.stream(key, range ?? undefined);
  if (!body) return null;
  if (!range) return new Response(body, { headers: { ...base, "Content-Length": String(length) } });
  return new Response(body, {
    status: 206,
    headers: {
      ...base,
      "Content-Length": String(range.end - range.start + 1),
      "Content-Range": `bytes ${range.start}-${range.end}/${length}`,
    },
  });
}

/** What a stored file is served as: an inline one runs nothing but shows its images, sound and styles; a download
 * (attachment) runs and loads nothing. */
const FILE_CSP = {
  inline: "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'",
  attachment: "default-src 'none'; sandbox",
} as const;

/**
 * A stored file for a download route that has checked who may read it: its stored type (detected from the bytes at
 * upload; nothing else is ever served), `nosniff`, a CSP that runs nothing, no caching by default, and ranges
 * (`uploadResponse`); a file missing from the store is a 404 (`missing`, "File not found" by default).
 */
export async function storedFileResponse(
  request: Request,
  file: { key: string; type: string; name: string },
  {
    disposition,
    cacheControl = "private, no-store",
    missing = "File not found",
    source = UPLOADS,
  }: { disposition: "inline" | "attachment"; cacheControl?: string; missing?: string; source?: FileSource },
): Promise<Response> {
  const response = await uploadResponse(
    request,
    file.key,
    {
      "Content-Type": file.type,
      "Content-Disposition": contentDisposition(disposition, file.name, file.type),
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": FILE_CSP[disposition],
      "Cache-Control": cacheControl,
    },
    source,
  );
  if (!response) throw data(missing, { status: 404 });
  return response;
}

/** One `bytes=` range (`a-b`, `a-`, `-n`); several ranges or anything else: the whole file, as RFC 9110 allows. */
export function parseRange(
  header: string | null,
  length: number,
): { start: number; end: number } | "unsatisfiable" | null {
  const m = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!m || (m[1] === "" && m[2] === "")) return null;
  let start: number;
  let end: number;
  if (m[1] === "") {
    const suffix = Number(m[2]);
    if (suffix === 0) return "unsatisfiable";
    start = Math.max(0, length - suffix);
    end = length - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === "" ? length - 1 : Math.min(Number(m[2]), length - 1);
  }
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start >= length || end < start)
    return "unsatisfiable";
  return { start, end };
}

/**
 * The name a file is stored and downloaded under: the client's base name with the extension of the type detected from
 * its bytes (a PDF sent as `poly.html` is `poly.pdf`: opened from the disk, it opens as what it is).
 */
export function fileNameFor(name: string, mime: string, fallbackBase = "file"): string {
  const ext = Object.entries(MIME_BY_EXT).find(([, m]) => m === mime)?.[0] ?? "bin";
  const base =
    safeDisplayName(name, fallbackBase)
      .replace(/\.[^.]*$/, "")
      .trim() || fallbackBase;
  return `${base}.${ext}`;
}

/**
 * Content-Disposition with a safe ASCII name and an RFC 5987 UTF-8 name, both ending in the extension of the type
 * served (`mime`), whatever name was stored.
 */
export function contentDisposition(kind: "inline" | "attachment", name: string, mime: string): string {
  const ascii = fileNameFor(name, mime).replace(/"/g, "");
  const base =
    name
      .split(/[\\/]/)
      .pop()!
      .replace(/\.[^.]*$/, "")
      .slice(0, 140) || "file";
  const ext = ascii.slice(ascii.lastIndexOf("."));
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(`${base}${ext}`)}`;
}
