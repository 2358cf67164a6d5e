/**
 * Classes of a workable size (docs/decisions/0112-classes-of-a-workable-size.md): a subject's students in a programme
 * are split into numbered classes of at most the school's class size; each class may have its own facilitator and
 * class page. A student keeps the class first given, so its registers and marks stay with one class all vacation.
 */

/** The school's class size when it set none; a WhatsApp group holds 1,024, the most a class may have. */
export const CLASS_SIZE_DEFAULT = 200;
export const CLASS_SIZE_MIN = 10;
export const CLASS_SIZE_MAX = 1024;
/** The most classes of one subject in one programme (a lesson's class number is one of them). */
export const CLASSES_MAX = 50;

export type ClassGroup = { vacation: string; programme: string; subject: string };

/** The id of class `n` of a group: one record per class, whoever creates it first. */
export const classId = (group: ClassGroup, n: number) =>
  [group.vacation, group.programme, group.subject, String(n)].join("|");

/** How a class is named beside its subject: nothing for the first when it is the only one. */
export const classLabel = (n: number | null | undefined) => `Class ${n ?? 1}`;

/** A lesson's or an assignment's class: the first when none is stored (made before classes were split). */
export const classNoOf = (doc: { classNo?: number | null }) => doc.classNo ?? 1;

/** The query for a class number, where stored documents without one are the first class. */
export const classNoQuery = (n: number) => (n === 1 ? { $in: [1, null] } : n);
