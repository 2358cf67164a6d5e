import { vacationPointers } from "#app/models/vacation.server.ts";
import { Subject } from "#app/models/subject.server.ts";
import { ENROLLED, Registration } from "#app/models/registration.server.ts";
import { User } from "#app/models/user.server.ts";
import { byRegistrationsRevision } from "#app/models/revisions.server.ts";

/**
 * Facilitator queries, scoped by the acting facilitator: "their
 * subjects" are the Subject documents whose facilitatorId is theirs (admins set
 * that in /admin/subjects); "their students" are the registrations that
 * include one of those subject names.
 */

export const STUDENT_SEARCH_MAX = 100;
export const STUDENTS_PAGE_SIZE = 20;

export async function listFacilitatorSubjects(facilitatorId: string) {
  return Subject.find({ facilitatorId: String(facilitatorId) })
    .select("_id name description")
    .sort({ name: 1 })
    .limit(200)
    .lean<Array<{ _id: string; name: string; description: string | null }>>();
}

/** A facilitator's students are the vacation teaching's (docs/decisions/0095): last vacation's wards are history. */
async function teachingNow(): Promise<Record<string, string>> {
  const { teaching } = await vacationPointers();
  return teaching ? { vacation: teaching.name } : {};
}

/**
 * Registrations per subject (only the given subjects), e.g. for the summary cards: each count reads every student of
 * the subject (20,000 in Mathematics at a big school), so they are kept until a registration changes.
 */
export async function countStudentsPerSubject(subjectNames: string[]) {
  const names = subjectNames.map(String);
  if (!names.length) return new Map<string, number>();
  const now = await teachingNow();
  const counts = await Promise.all(
    names.map((name) =>
      byRegistrationsRevision(JSON.stringify(["students", now.vacation ?? null, name]), () =>
        Registration.countDocuments({ ...now, subjects: name, ...ENROLLED }).exec(),
      ),
    ),
  );
  return new Map(names.map((n, i) => [n, counts[i]]));
}

/**
 * The facilitator's students (any of their subjects): kept until a registration changes, as the per-subject counts
 * are. The count reads every student of the subjects (36 ms of the database's CPU at 20,000 registrations, on every
 * view of the overview before).
 */
export async function countFacilitatorStudents(subjectNames: string[]) {
  if (!subjectNames.length) return 0;
  const names = [...new Set(subjectNames.map(String))].sort();
  const now = await teachingNow();
  return byRegistrationsRevision(JSON.stringify(["students-of", now.vacation ?? null, names]), () =>
    Registration.countDocuments({ ...now, subjects: { $in: names }, ...ENROLLED }).exec(),
  );
}

function escapeRegex(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

export type StudentQuery = { subjectNames: string[]; subject?: string | null; q?: string | null };

/**
 * The filter behind the student table and its CSV: the facilitator's subjects
 * (or one of them), and a case-insensitive substring search on the name, the
 * registration id (never the reference: with it anyone could read the family's confirmation page), or the e-mail of the student's account (matched
 * through the ward's WhatsApp number).
 */
async function studentFilter({ subjectNames, subject, q }: StudentQuery): Promise<Record<string, unknown> | null> {
  const names = subjectNames.map(String);
  if (!names.length) return null;
  // A withdrawn ward is no longer on the roster (ADR 0091); the roster is the vacation teaching's (ADR 0095).
  const and: Record<string, unknown>[] = [ENROLLED, await teachingNow()];
  if (subject) {
    if (!names.includes(String(subject))) return null;
    and.push({ subjects: String(subject) });
  } else {
    and.push({ subjects: { $in: names } });
  }
  const term = (q ?? "").trim().slice(0, STUDENT_SEARCH_MAX);
  if (term) {
    const pattern = { $regex: escapeRegex(term), $options: "i" };
    const withEmail = await User.find({ email: pattern }).select("phone").limit(200).lean<Array<{ phone: string }>>();
    const or: Record<string, unknown>[] = [{ wardName: pattern }, { _id: term }];
    if (withEmail.length) or.push({ wardWhatsappNormalized: { $in: withEmail.map((u) => u.phone) } });
    and.push({ $or: or });
  }
  return { $and: and };
}

const STUDENT_FIELDS = "_id wardName wardWhatsapp wardWhatsappNormalized programme subjects createdAt";
export type StudentRow = {
  _id: string;
  wardName: string;
  wardWhatsapp: string;
  /** The same number in E.164, as it was checked at enrolment. */
  wardWhatsappNormalized: string;
  email: string | null;
  programme: string;
  subjects: string[];
  createdAt: Date;
};

async function withEmails(rows: Array<Omit<StudentRow, "email">>): Promise<StudentRow[]> {
  const phones = [...new Set(rows.map((r) => r.wardWhatsappNormalized))];
  const users = phones.length
    ? await User.find({ phone: { $in: phones } })
        .select("phone email")
        .lean<Array<{ phone: string; email: string | null }>>()
    : [];
  const emailByPhone = new Map(users.map((u) => [u.phone, u.email ?? null]));
  return rows.map((r) => ({ ...r, email: emailByPhone.get(r.wardWhatsappNormalized) ?? null }));
}

/** One page of the facilitator's students, newest registration first. */
export async function listFacilitatorStudents(query: StudentQuery & { page?: number }) {
  const filter = await studentFilter(query);
  if (!filter) return { rows: [] as StudentRow[], total: 0, page: 1, pageCount: 1 };
  // Without a search, the count of one subject or of them all is kept until a registration changes (as above).
  const term = (query.q ?? "").trim();
  const total = term
    ? await Registration.countDocuments(filter)
    : await byRegistrationsRevision(JSON.stringify(["students", filter]), () =>
        Registration.countDocuments(filter).exec(),
      );
  const pageCount = Math.max(1, Math.ceil(total / STUDENTS_PAGE_SIZE));
  const page = Math.min(Math.max(1, query.page ?? 1), pageCount);
  const rows = await Registration.find(filter)
    .select(STUDENT_FIELDS)
    .sort({ createdAt: -1, _id: 1 })
    .skip((page - 1) * STUDENTS_PAGE_SIZE)
    .limit(STUDENTS_PAGE_SIZE)
    .lean<Array<Omit<StudentRow, "email"> & { wardWhatsappNormalized: string }>>();
  return { rows: await withEmails(rows), total, page, pageCount };
}

/** Every matching student in batches, for the CSV export (never the whole collection in memory). */
export async function* iterateFacilitatorStudents(query: StudentQuery, batchSize = 200): AsyncGenerator<StudentRow> {
  const filter = await studentFilter(query);
  if (!filter) return;
  let skip = 0;
  for (;;) {
    const batch = await Registration.find(filter)
      .select(STUDENT_FIELDS)
      .sort({ createdAt: -1, _id: 1 })
      .skip(skip)
      .limit(batchSize)
      .lean<Array<Omit<StudentRow, "email"> & { wardWhatsappNormalized: string }>>();
    for (const row of await withEmails(batch)) yield row;
    if (batch.length < batchSize) return;
    skip += batchSize;
  }
}

/** Analytics (docs/product.md#screens): real registration counts per programme and per subject. */
export async function registrationCounts() {
  const [byProgramme, bySubject, total] = await Promise.all([
    Registration.aggregate<{ _id: string; count: number }>([
      { $group: { _id: "$programme", count: { $sum: 1 } } },
      { $sort: { count: -1, _id: 1 } },
    ]),
    Registration.aggregate<{ _id: string; count: number }>([
      { $project: { subjects: 1 } },
      { $unwind: "$subjects" },
      { $group: { _id: "$subjects", count: { $sum: 1 } } },
      { $sort: { count: -1, _id: 1 } },
      { $limit: 200 },
    ]),
    Registration.estimatedDocumentCount(),
  ]);
  return {
    total,
    byProgramme: byProgramme.map((r) => ({ programme: r._id, count: r.count })),
    bySubject: bySubject.map((r) => ({ subject: r._id, count: r.count })),
  };
}
