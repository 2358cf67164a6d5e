/** npm run restore -- FILE [--drop] : loads a backup into an empty database (docs/operations.md#backups). */
import { parseArgs } from "node:util";
import { backupKey, restoreBackup } from "#app/models/infra/backup.server.ts";
import { fail, handinsDir, openDatabase, uploadsDir } from "./backup-cli.ts";

const { values, positionals } = parseArgs({
  options: { drop: { type: "boolean", default: false } },
  allowPositionals: true,
});
if (positionals.length !== 1) fail("Usage: npm run restore -- FILE [--drop]");
const { db, close } = await openDatabase().catch(fail);
try {
  const done = await restoreBackup(db, {
    file: positionals[0],
    // An encrypted archive needs the key it was written with; one written before encryption reads without.
    key: process.env.BACKUP_KEY?.trim() ? backupKey() : null,
    uploadsDir: uploadsDir(),
    handinsDir: handinsDir(),
    drop: values.drop,
  });
  console.log(
    `Restored the backup of ${done.createdAt}: ${done.collections} collections, ${done.documents} documents, ${done.files} files.`,
  );
  if (done.handinsSkipped)
    console.warn(
      `${done.handinsSkipped} hand-in files of the archive were not restored: they come from a default install's DATA_DIR/handins, and this install keeps hand-ins in MongoDB (GridFS). Restore the archive on a default install, or copy them there by hand.`,
    );
  for (const warning of done.indexWarnings)
    console.warn(`Index not rebuilt (the app builds it at start-up): ${warning}`);
} catch (error) {
  await close();
  fail(error);
}
await close();
