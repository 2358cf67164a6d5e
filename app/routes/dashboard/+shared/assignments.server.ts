import { classLabel } from "#app/domain/classes.ts";
import { programmeLabel } from "#app/domain/programmes.ts";
import { vacationPointers } from "#app/models/vacation.server.ts";
import { classesGiven } from "#app/services/teaching/classes.server.ts";
import { listAssignmentsFor } from "#app/models/assignment.server.ts";
import type { AssignmentItem } from "#app/components/dashboard/assignment-list.tsx";

/** The effective facilitator's assignments as the list shows them. */
export async function loadAssignmentItems(facilitatorId: string, subject?: string | null): Promise<AssignmentItem[]> {
  const { teaching } = await vacationPointers();
  const classes = teaching ? await classesGiven(facilitatorId, teaching.name) : [];
  const rows = await listAssignmentsFor(facilitatorId, { subject, classes });
  return rows.map((a) => ({
    id: a._id,
    title: a.title,
    // Set for one class (docs/decisions/0112-classes-of-a-workable-size.md): which, beside the subject.
    subject:
      a.classNo && a.programme ? `${a.subject} (${programmeLabel(a.programme)}, ${classLabel(a.classNo)})` : a.subject,
    description: a.description ?? null,
    kind: (a.kind ?? null) as AssignmentItem["kind"],
    fileName: a.fileName ?? null,
    fileSize: a.fileSize ?? null,
    dueAt: a.dueAt ?? null,
    maxScore: a.maxScore ?? 100,
    refuseLate: Boolean(a.refuseLate),
    createdAt: a.createdAt,
  }));
}
