/** npm run backup -- --out FILE : every collection and every uploaded file in one archive (docs/operations.md#backups). */
import { parseArgs } from "node:util";
import { backupKey, writeBackup } from "#app/models/infra/backup.server.ts";
import { fail, handinsDir, openDatabase, uploadsDir } from "./backup-cli.ts";

const { values } = parseArgs({ options: { out: { type: "string" } } });
if (!values.out) fail("Usage: npm run backup -- --out FILE (for example backups/portal-2026-11-24.backup)");
// Refused before anything is read: an archive is never written in the clear.
let key: Buffer;
try {
  key = backupKey();
} catch (error) {
  fail(error);
}
const { db, close } = await openDatabase({ copy: true }).catch(fail);
try {
  const done = await writeBackup(db, { out: values.out, key, uploadsDir: uploadsDir(), handinsDir: handinsDir() });
  console.log(
    `Backup written to ${values.out}: ${done.collections} collections, ${done.documents} documents, ${done.files} files, ${done.handins} hand-in files.`,
  );
} catch (error) {
  await close();
  fail(error);
}
await close();
