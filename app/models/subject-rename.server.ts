import { Registration } from "#app/models/registration.server.ts";
import { WhatsappGroup, forgetClassPages } from "#app/models/whatsapp-group.server.ts";
import { Assignment } from "#app/models/assignment.server.ts";

/**
 * Registrations, class pages and assignments refer to a subject by its name, so
 * renaming a subject renames it in each of them too: nothing is orphaned. Each
 * registration is rewritten on its own (its subject list keeps its order).
 */
export async function renameSubjectEverywhere(from: string, to: string) {
  const oldName = String(from);
  const newName = String(to);
  if (oldName === newName) return;
  await WhatsappGroup.updateMany(
    { subjectName: oldName, groupType: { $ne: "parent" } },
    { $set: { subjectName: newName } },
  );
  forgetClassPages();
  await Assignment.updateMany({ subject: oldName }, { $set: { subject: newName } });
  const cursor = Registration.find({ subjects: oldName })
    .select("_id subjects")
    .lean<{ _id: string; subjects: string[] }[]>()
    .cursor();
  for await (const r of cursor) {
    const subjects = [...new Set(r.subjects.map((s) => (s === oldName ? newName : s)))];
    await Registration.updateOne({ _id: r._id }, { $set: { subjects, subjectCount: subjects.length } });
  }
}
