/**
 * Timetables the office publishes (app/routes/admin/timetable-upload.tsx): one with its file, or the five bundled
 * Form 2 timetables; each is stored with its file or not at all, for the vacations served now, and audited.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PROGRAMMES, programmeLabel, programmeSlug } from "#app/domain/programmes.ts";
import { audit } from "#app/models/audit-log.server.ts";
import { createTimetable, deleteTimetables } from "#app/models/timetable.server.ts";
import { vacationsServedNow } from "#app/services/content/vacations.server.ts";
import { detectType, fileNameFor, removeUpload, storeUpload, UPLOAD_TYPES } from "#app/utils/uploads.server.ts";

type Details = Pick<Parameters<typeof createTimetable>[0], "title" | "description" | "programme" | "forms">;
type UploadedFile = { bytes: Uint8Array; size: number; clientName: string; type: { ext: string; mime: string } };

/** One timetable: its details and its file, stored together or not at all (a failure removes the file and throws). */
export async function publishTimetable(userId: string, details: Details, file: UploadedFile) {
  let stored: string | null = null;
  try {
    stored = await storeUpload(userId, file.bytes, file.type.ext);
    const id = await createTimetable({
      vacations: await vacationsServedNow(),
      userId,
      ...details,
      fileName: fileNameFor(file.clientName, file.type.mime, "timetable"),
      filePath: stored,
      fileType: file.type.mime,
      fileSize: file.size,
    });
    await audit("timetable.upload", userId, id);
    return id;
  } catch (error) {
    if (stored) await removeUpload(stored).catch(() => {});
    throw error;
  }
}

/** The five bundled Form 2 timetables: served from the client build, or public/ in development. */
async function bundledTimetablesDir() {
  const candidates = [
    fileURLToPath(new URL("../client/timetables/", import.meta.url)),
    path.resolve("public/timetables"),
  ];
  for (const dir of candidates) {
    if (
      await fs.stat(path.join(dir, "form-2-science.png")).then(
        () => true,
        () => false,
      )
    )
      return dir;
  }
  throw new Error("Bundled timetables not found");
}

/** All five or none: files and rows written so far are removed if one fails, and the failure is thrown. */
export async function publishBundledTimetables(userId: string) {
  const written: string[] = [];
  const rows: string[] = [];
  try {
    const vacations = await vacationsServedNow();
    const dir = await bundledTimetablesDir();
    for (const programme of PROGRAMMES) {
      const bytes = new Uint8Array(await fs.readFile(path.join(dir, `form-2-${programmeSlug(programme)}.png`)));
      const type = await detectType(bytes, [UPLOAD_TYPES.png]);
      if (!type) throw new Error(`form-2-${programme}.png is not a PNG`);
      const stored = await storeUpload(userId, bytes, "png", programmeSlug(programme));
      written.push(stored);
      rows.push(
        await createTimetable({
          vacations,
          userId,
          title: `Form 2 ${programmeLabel(programme)} Timetable`,
          description: null,
          programme,
          forms: ["form-2"],
          fileName: `form-2-${programmeSlug(programme)}.png`,
          filePath: stored,
          fileType: type.mime,
          fileSize: bytes.byteLength,
        }),
      );
    }
    await audit("timetable.bulk-upload", userId, null, { count: rows.length });
  } catch (error) {
    await deleteTimetables(rows).catch(() => {});
    for (const stored of written) await removeUpload(stored).catch(() => {});
    throw error;
  }
}
