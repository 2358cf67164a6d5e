import { vacationPointers } from "#app/models/vacation.server.ts";
import { createHmac } from "node:crypto";
import { Schema } from "mongoose";
import { PROGRAMMES } from "#app/domain/programmes.ts";
import {
  EVALUATION_LIMITS as LIMIT,
  QUESTION_TYPES,
  ResultsAccumulator,
  inAudience,
  type Answer,
  type Audience,
  type Question,
  type QuestionType,
} from "#app/domain/evaluations.ts";
import { env } from "#app/models/infra/env.server.ts";
import { idField, newQuestionId } from "#app/models/ids.server.ts";
import { Registration } from "#app/models/registration.server.ts";
import { defineModel } from "#app/models/infra/define-model.server.ts";
import { briefCache } from "#app/models/infra/brief-cache.server.ts";
import { raisedByEveryWrite } from "#app/models/revisions.server.ts";

/**
 * Evaluation forms and their responses (docs/decisions/0054-evaluation-forms.md).
 * A form's questions are stored in it, in order; `questionsRev` rises with every change to them, and
 * `locked` is set (for good) by the first answer, after which the questions cannot change.
 */
const questionSchema = new Schema(
  {
    _id: { type: String, default: () => newQuestionId() },
    type: { type: String, required: true, enum: QUESTION_TYPES },
    prompt: { type: String, required: true, maxlength: LIMIT.prompt },
    required: { type: Boolean, default: false },
    perSubject: { type: Boolean, default: false },
    options: { type: [{ type: String, maxlength: LIMIT.option }], default: [] },
    lowLabel: { type: String, default: "", maxlength: LIMIT.endLabel },
    highLabel: { type: String, default: "", maxlength: LIMIT.endLabel },
  },
  { _id: false },
);

const evaluationFormSchema = new Schema(
  {
    _id: idField,
    title: { type: String, required: true, trim: true, maxlength: LIMIT.title },
    intro: { type: String, default: "", maxlength: LIMIT.intro },
    /** Empty: every parent. */
    programmes: { type: [{ type: String, enum: PROGRAMMES }], default: [] },
    subject: { type: String, default: null },
    opensAt: { type: Date, required: true },
    closesAt: { type: Date, required: true },
    anonymous: { type: Boolean, default: false },
    questions: { type: [questionSchema], default: [] },
    questionsRev: { type: Number, default: 0 },
    locked: { type: Boolean, default: false },
    createdById: { type: String, default: null },
    /** The vacation whose families it asks (the one teaching when it was made; docs/decisions/0095); null: any. */
    vacation: { type: String, default: null },
  },
  { timestamps: true, collection: "evaluation_forms" },
);
evaluationFormSchema.index({ closesAt: -1 });
evaluationFormSchema.index({ createdAt: -1 });

/**
 * One response per parent, per ward, per form: `respondentKey` is a keyed hash (HMAC with the session secret) of
 * form, parent and ward, unique per form. A named response also keeps who answered; an anonymous one keeps only
 * the key, the programme and the ward's subjects in the audience (for the filters) — no name, phone, user or ward.
 */
const answerSchema = new Schema(
  {
    questionId: { type: String, required: true },
    subject: { type: String, default: null },
    value: { type: Schema.Types.Mixed, required: true },
  },
  { _id: false },
);
const evaluationResponseSchema = new Schema(
  {
    _id: idField,
    formId: { type: String, required: true },
    respondentKey: { type: String, required: true },
    /** Keyed hash of form and ward: whether a ward's parent has answered, for the reminder list. */
    wardKey: { type: String, required: true },
    programme: { type: String, default: null },
    subjects: { type: [String], default: [] },
    answers: { type: [answerSchema], default: [] },
    // Named forms only:
    parentUserId: { type: String, default: null },
    parentName: { type: String, default: null },
    registrationId: { type: String, default: null },
    wardName: { type: String, default: null },
  },
  { timestamps: true, collection: "evaluation_responses" },
);
evaluationResponseSchema.index({ formId: 1, respondentKey: 1 }, { unique: true });
evaluationResponseSchema.index({ formId: 1, wardKey: 1 });
evaluationResponseSchema.index({ formId: 1, createdAt: -1 });

export type EvaluationFormDoc = {
  _id: string;
  title: string;
  intro: string;
  programmes: string[];
  subject: string | null;
  opensAt: Date;
  closesAt: Date;
  anonymous: boolean;
  questions: Array<Omit<Question, "id"> & { _id: string }>;
  questionsRev: number;
  locked: boolean;
  createdById: string | null;
  vacation?: string | null;
  createdAt: Date;
  updatedAt: Date;
};
export type EvaluationResponseDoc = {
  _id: string;
  formId: string;
  respondentKey: string;
  wardKey: string;
  programme: string | null;
  subjects: string[];
  answers: Answer[];
  parentUserId: string | null;
  parentName: string | null;
  registrationId: string | null;
  wardName: string | null;
  createdAt: Date;
  updatedAt: Date;
};

// Every parent page lists the forms that have opened: the same for every parent, kept a second per process
// (docs/decisions/0085) and dropped by any write of a form.
const newestForms = briefCache<readonly EvaluationFormDoc[]>("evaluation-forms");
raisedByEveryWrite(evaluationFormSchema, async () => newestForms.forget());
export const EvaluationForm = defineModel<EvaluationFormDoc>("EvaluationForm", evaluationFormSchema);
export const EvaluationResponse = defineModel<EvaluationResponseDoc>("EvaluationResponse", evaluationResponseSchema);

export type FormInput = {
  title: string;
  intro?: string;
  programmes: string[];
  subject?: string | null;
  opensAt: Date;
  closesAt: Date;
  anonymous: boolean;
};
export type QuestionInput = Omit<Question, "id">;

export function toQuestions(form: Pick<EvaluationFormDoc, "questions">): Question[] {
  return form.questions.map((q) => ({
    id: q._id,
    type: q.type as QuestionType,
    prompt: q.prompt,
    required: !!q.required,
    perSubject: !!q.perSubject,
    options: [...(q.options ?? [])],
    lowLabel: q.lowLabel ?? "",
    highLabel: q.highLabel ?? "",
  }));
}

export function toAudience(form: Pick<EvaluationFormDoc, "programmes" | "subject">): Audience {
  return { programmes: [...(form.programmes ?? [])], subject: form.subject ?? null };
}

// ─── Forms (admins) ───

export async function listEvaluationForms() {
  return EvaluationForm.find({}).sort({ createdAt: -1 }).limit(500).lean<EvaluationFormDoc[]>();
}

export async function getEvaluationForm(id: string) {
  return EvaluationForm.findById(String(id)).lean<EvaluationFormDoc>();
}

export async function createEvaluationForm(input: FormInput, actorId: string, questions: QuestionInput[] = []) {
  const form = await EvaluationForm.create({
    title: input.title,
    intro: input.intro ?? "",
    programmes: input.programmes,
    subject: input.subject ?? null,
    opensAt: input.opensAt,
    closesAt: input.closesAt,
    anonymous: input.anonymous,
    questions,
    createdById: actorId,
    vacation: (await vacationPointers()).teaching?.name ?? null,
  });
  return String(form._id);
}

/** Details may change at any time, except that a form with answers keeps its audience and anonymity. */
export async function updateEvaluationDetails(id: string, input: FormInput) {
  const $set: Record<string, unknown> = {
    title: input.title,
    intro: input.intro ?? "",
    opensAt: input.opensAt,
    closesAt: input.closesAt,
  };
  const open = await EvaluationForm.updateOne(
    { _id: String(id), locked: false },
    { $set: { ...$set, programmes: input.programmes, subject: input.subject ?? null, anonymous: input.anonymous } },
  );
  if (open.matchedCount) return "updated" as const;
  const locked = await EvaluationForm.updateOne({ _id: String(id) }, { $set });
  return locked.matchedCount ? ("locked" as const) : ("missing" as const);
}

/** Closes a form now (it stays readable; parents can no longer answer or edit). */
export async function closeEvaluationForm(id: string, now = new Date()) {
  const r = await EvaluationForm.updateOne({ _id: String(id), closesAt: { $gt: now } }, { $set: { closesAt: now } });
  return r.matchedCount > 0;
}

type QuestionChange = "ok" | "locked" | "missing";

/** Every change to the questions: only while no one has answered (locked: false), raising questionsRev. */
async function changeQuestions(
  id: string,
  update: (questions: EvaluationFormDoc["questions"]) => EvaluationFormDoc["questions"] | null,
): Promise<QuestionChange> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const form = await EvaluationForm.findById(String(id))
      .select("questions questionsRev locked")
      .lean<EvaluationFormDoc>();
    if (!form) return "missing";
    if (form.locked) return "locked";
    const next = update(form.questions.map((q) => ({ ...q })));
    if (!next) return "missing";
    const r = await EvaluationForm.updateOne(
      { _id: String(id), locked: false, questionsRev: form.questionsRev },
      { $set: { questions: next }, $inc: { questionsRev: 1 } },
    );
    if (r.matchedCount) return "ok";
  }
  return "locked";
}

export function addQuestion(id: string, q: QuestionInput) {
  return changeQuestions(id, (qs) => (qs.length >= LIMIT.questions ? null : [...qs, { ...q, _id: newQuestionId() }]));
}
export function editQuestion(id: string, questionId: string, q: QuestionInput) {
  return changeQuestions(id, (qs) =>
    qs.some((x) => x._id === questionId) ? qs.map((x) => (x._id === questionId ? { ...q, _id: questionId } : x)) : null,
  );
}
export function deleteQuestion(id: string, questionId: string) {
  return changeQuestions(id, (qs) =>
    qs.some((x) => x._id === questionId) ? qs.filter((x) => x._id !== questionId) : null,
  );
}
export function moveQuestion(id: string, questionId: string, direction: "up" | "down") {
  return changeQuestions(id, (qs) => {
    const i = qs.findIndex((x) => x._id === questionId);
    if (i < 0) return null;
    const j = direction === "up" ? i - 1 : i + 1;
    if (j < 0 || j >= qs.length) return qs;
    [qs[i], qs[j]] = [qs[j], qs[i]];
    return qs;
  });
}

/** A copy with the same questions, unlocked, closed until its dates are set (opens and closes now + 2 weeks). */
export async function copyEvaluationForm(id: string, actorId: string, now = new Date()) {
  const form = await getEvaluationForm(id);
  if (!form) return null;
  const questions = form.questions.map((q) => ({ ...q, _id: newQuestionId() }));
  return createEvaluationForm(
    {
      title: `Copy of ${form.title}`.slice(0, LIMIT.title),
      intro: form.intro,
      programmes: form.programmes,
      subject: form.subject,
      opensAt: now,
      closesAt: new Date(now.getTime() + 14 * 86_400_000),
      anonymous: form.anonymous,
    },
    actorId,
    questions,
  );
}

export async function deleteEvaluationForm(id: string) {
  const responses = await EvaluationResponse.deleteMany({ formId: String(id) });
  const form = await EvaluationForm.deleteOne({ _id: String(id) });
  return { deleted: form.deletedCount > 0, responses: responses.deletedCount };
}

export async function countResponses(
  formId: string,
  filter: { programme?: string | null; subject?: string | null } = {},
) {
  return EvaluationResponse.countDocuments(responseFilter(formId, filter));
}

function responseFilter(
  formId: string,
  { programme, subject }: { programme?: string | null; subject?: string | null },
) {
  const f: Record<string, unknown> = { formId: String(formId) };
  if (programme) f.programme = String(programme);
  if (subject) f.subjects = String(subject);
  return f;
}

// ─── Respondents ───

/** The respondent keys of a parent and ward for a form, one per session secret (newest first; see env.server.ts). */
export function respondentKeys(formId: string, parentUserId: string, registrationId: string): string[] {
  return env.sessionSecrets.map((secret) =>
    createHmac("sha256", secret).update(`evaluation:${formId}:${parentUserId}:${registrationId}`).digest("base64url"),
  );
}

/** The ward keys of a ward for a form, one per session secret (newest first). */
export function wardKeys(formId: string, registrationId: string): string[] {
  return env.sessionSecrets.map((secret) =>
    createHmac("sha256", secret).update(`evaluation-ward:${formId}:${registrationId}`).digest("base64url"),
  );
}

export type Respondent = {
  parentUserId: string;
  parentName: string;
  registrationId: string;
  wardName: string;
  programme: string;
  subjects: string[];
};

export async function getResponse(formId: string, parentUserId: string, registrationId: string) {
  return EvaluationResponse.findOne({
    formId: String(formId),
    respondentKey: { $in: respondentKeys(formId, parentUserId, registrationId) },
  })
    .select("answers createdAt updatedAt")
    .lean<Pick<EvaluationResponseDoc, "_id" | "answers" | "createdAt" | "updatedAt">>();
}

export type SaveOutcome = "saved" | "changed" | "missing";

/**
 * Saves the parent's answers for a ward: creates the one response or replaces it. The form must still have the
 * questions the answers were checked against (questionsRev); the first answer locks the questions. Two
 * submissions at once end as one response (the unique respondent key; the loser of an insert race updates).
 */
export async function saveResponse(
  form: Pick<EvaluationFormDoc, "_id" | "anonymous" | "questionsRev">,
  who: Respondent,
  answers: Answer[],
): Promise<SaveOutcome> {
  const lock = await EvaluationForm.updateOne(
    { _id: form._id, questionsRev: form.questionsRev },
    { $set: { locked: true } },
  );
  if (!lock.matchedCount) return (await EvaluationForm.exists({ _id: form._id })) ? "changed" : "missing";
  const keys = respondentKeys(form._id, who.parentUserId, who.registrationId);
  const identity = form.anonymous
    ? { parentUserId: null, parentName: null, registrationId: null, wardName: null }
    : {
        parentUserId: who.parentUserId,
        parentName: who.parentName,
        registrationId: who.registrationId,
        wardName: who.wardName,
      };
  const $set = {
    respondentKey: keys[0],
    wardKey: wardKeys(form._id, who.registrationId)[0],
    programme: who.programme,
    subjects: who.subjects,
    answers,
    ...identity,
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await EvaluationResponse.updateOne(
        { formId: form._id, respondentKey: { $in: keys } },
        { $set, $setOnInsert: { formId: form._id } },
        { upsert: true },
      );
      return "saved";
    } catch (error) {
      if ((error as { code?: number }).code !== 11000) throw error;
      // Another request inserted the same response a moment ago: the next attempt updates it.
    }
  }
  throw new Error("Could not save the response");
}

// ─── Parents ───

type ParentWard = {
  _id: string;
  wardName: string;
  programme: string;
  subjects: string[];
  vacation?: string | null;
  /** The same for each registration of one ward (a ward enrolled again): a form asks the ward once. */
  key?: string;
};

/**
 * Whether a form asks about this ward: its audience (programmes, subject), and the families of its vacation only (a
 * form of no vacation, made before vacations, asks any).
 */
export const formAsksWard = (form: EvaluationFormDoc, ward: ParentWard) =>
  (!form.vacation || form.vacation === ward.vacation) && inAudience(toAudience(form), ward);

/** Forms that have opened (open or closed), newest closing first: what a parent's list can show. */
export async function listStartedForms(now = new Date()) {
  // The newest forms, opened or not (the few still to open among them), then those opened by `now`.
  const newest = await newestForms.get("newest", () =>
    EvaluationForm.find({})
      .select("title intro programmes subject opensAt closesAt anonymous questions questionsRev vacation")
      .sort({ closesAt: -1 })
      .limit(200)
      .lean<EvaluationFormDoc[]>(),
  );
  return newest.filter((f) => new Date(f.opensAt) <= now).slice(0, 100);
}

export type WardForm = { form: EvaluationFormDoc; ward: ParentWard; answeredAt: Date | null };

/** For each ward, the open forms it is in the audience of and the closed ones the parent answered, with when they last saved. */
export async function formsForWards(parentUserId: string, wards: ParentWard[], now = new Date()): Promise<WardForm[]> {
  if (!wards.length) return [];
  const forms = await listStartedForms(now);
  const pairs: Array<{ form: EvaluationFormDoc; ward: ParentWard; keys: string[] }> = [];
  for (const ward of wards) {
    for (const form of forms) {
      if (formAsksWard(form, ward))
        pairs.push({ form, ward, keys: respondentKeys(form._id, parentUserId, String(ward._id)) });
    }
  }
  if (!pairs.length) return [];
  const saved = await EvaluationResponse.find({
    formId: { $in: [...new Set(pairs.map((p) => p.form._id))] },
    respondentKey: { $in: pairs.flatMap((p) => p.keys) },
  })
    .select("formId respondentKey updatedAt")
    .lean<Array<Pick<EvaluationResponseDoc, "formId" | "respondentKey" | "updatedAt">>>();
  const at = new Map(saved.map((r) => [`${r.formId}:${r.respondentKey}`, r.updatedAt]));
  // A closed form is listed only if this parent answered it ("Answered"); one they never could answer is noise.
  const listed = pairs
    .map(({ form, ward, keys }) => ({
      form,
      ward,
      answeredAt: keys.map((k) => at.get(`${form._id}:${k}`)).find(Boolean) ?? null,
    }))
    .filter((x) => x.answeredAt || now < new Date(x.form.closesAt));
  // A ward enrolled in two vacations is asked once by a form of no vacation: by the registration it was answered
  // for, else its newest (the wards come newest first).
  const once = new Map<string, WardForm>();
  for (const x of listed) {
    const slot = `${x.form._id} ${x.ward.key ?? x.ward._id}`;
    const kept = once.get(slot);
    if (!kept || (!kept.answeredAt && x.answeredAt)) once.set(slot, x);
  }
  return listed.filter((x) => once.get(`${x.form._id} ${x.ward.key ?? x.ward._id}`) === x);
}

/** How many open forms a parent has not answered yet, across their wards (the navigation's badge). */
export async function countOpenUnanswered(parentUserId: string, wards: ParentWard[], now = new Date()) {
  const open = await EvaluationForm.exists({ opensAt: { $lte: now }, closesAt: { $gt: now } });
  if (!open) return 0;
  const list = await formsForWards(parentUserId, wards, now);
  return list.filter((x) => !x.answeredAt && now < new Date(x.form.closesAt)).length;
}

// ─── Results (admins, facilitators) ───

export type ResultsFilter = { programme?: string | null; subject?: string | null };

/** The summary of every matching response, read with a cursor (no array of all responses). */
export async function summariseResponses(form: EvaluationFormDoc, filter: ResultsFilter) {
  const acc = new ResultsAccumulator(toQuestions(form));
  let responses = 0;
  const cursor = EvaluationResponse.find(responseFilter(form._id, filter))
    .select("answers")
    .lean<EvaluationResponseDoc>()
    .cursor({ batchSize: 500 });
  for await (const r of cursor) {
    responses++;
    acc.add((r as EvaluationResponseDoc).answers ?? []);
  }
  const rows = acc.result();
  // A filter on one subject shows that subject's per-subject rows only.
  return {
    responses,
    rows: filter.subject ? rows.filter((row) => row.subject === null || row.subject === filter.subject) : rows,
  };
}

export type TextAnswer = {
  questionId: string;
  subject: string | null;
  text: string;
  wardName: string | null;
  programme: string | null;
  updatedAt: Date;
};

/** Text answers, newest first, optionally containing the search words (case-insensitive). */
export async function listTextAnswers(
  form: EvaluationFormDoc,
  filter: ResultsFilter & { q?: string | null },
  limit = 200,
) {
  const textIds = new Set(form.questions.filter((q) => q.type === "short" || q.type === "long").map((q) => q._id));
  if (!textIds.size) return { answers: [] as TextAnswer[], more: false };
  const q = filter.q?.trim().toLowerCase() ?? "";
  const out: TextAnswer[] = [];
  let more = false;
  const cursor = EvaluationResponse.find(responseFilter(form._id, filter))
    .select("answers wardName programme updatedAt")
    .sort({ createdAt: -1 })
    .lean<EvaluationResponseDoc>()
    .cursor({ batchSize: 500 });
  for await (const doc of cursor) {
    const r = doc as EvaluationResponseDoc;
    for (const a of r.answers ?? []) {
      if (!textIds.has(a.questionId) || typeof a.value !== "string" || !a.value.trim()) continue;
      if (filter.subject && a.subject && a.subject !== filter.subject) continue;
      if (q && !a.value.toLowerCase().includes(q) && !(r.wardName ?? "").toLowerCase().includes(q)) continue;
      if (out.length >= limit) {
        more = true;
        break;
      }
      out.push({
        questionId: a.questionId,
        subject: a.subject ?? null,
        text: a.value,
        wardName: form.anonymous ? null : r.wardName,
        programme: r.programme,
        updatedAt: r.updatedAt,
      });
    }
    if (more) break;
  }
  return { answers: out, more };
}

/** Every matching response for the CSV export, oldest first, from a cursor. */
export function streamResponses(formId: string, filter: ResultsFilter) {
  return EvaluationResponse.find(responseFilter(formId, filter))
    .select("answers programme parentName wardName createdAt updatedAt")
    .sort({ createdAt: 1 })
    .lean<EvaluationResponseDoc>()
    .cursor({ batchSize: 500 }) as AsyncIterable<EvaluationResponseDoc>;
}

export type AudienceMember = {
  parentName: string;
  phone: string;
  registrationId: string;
  wardName: string;
  programme: string;
  subjects: string[];
};

/**
 * The registrations a form is for: the audience size, and (for an open form) the parents who have not answered,
 * reached through the parent's WhatsApp number on the registration (the reminder list).
 */
export async function audienceOf(form: EvaluationFormDoc, filter: ResultsFilter = {}) {
  const q: Record<string, unknown> = {};
  const programmes = form.programmes?.length ? form.programmes : null;
  if (filter.programme) {
    if (programmes && !programmes.includes(filter.programme)) return [];
    q.programme = filter.programme;
  } else if (programmes) q.programme = { $in: programmes };
  const subjects = [form.subject, filter.subject].filter(Boolean) as string[];
  if (subjects.length) q.subjects = { $all: subjects };
  if (form.vacation) q.vacation = String(form.vacation);
  const rows = await Registration.find(q)
    .select("_id parentName whatsappNumberNormalized wardName programme subjects")
    .sort({ createdAt: 1 })
    .limit(20_000)
    .lean<
      Array<{
        _id: string;
        parentName: string;
        whatsappNumberNormalized: string;
        wardName: string;
        programme: string;
        subjects: string[];
      }>
    >();
  return rows.map<AudienceMember>((r) => ({
    parentName: r.parentName,
    phone: r.whatsappNumberNormalized,
    registrationId: String(r._id),
    wardName: r.wardName,
    programme: r.programme,
    subjects: r.subjects ?? [],
  }));
}

/** The audience members whose ward has no response yet (from any of its parents). */
export async function notAnswered(form: EvaluationFormDoc, members: AudienceMember[]) {
  const withKeys = members.map((m) => ({ m, keys: wardKeys(form._id, m.registrationId) }));
  const allKeys = withKeys.flatMap((x) => x.keys);
  const answered = new Set<string>();
  for (let i = 0; i < allKeys.length; i += 2000) {
    const found = await EvaluationResponse.find({ formId: form._id, wardKey: { $in: allKeys.slice(i, i + 2000) } })
      .select("wardKey")
      .lean<Array<{ wardKey: string }>>();
    for (const f of found) answered.add(f.wardKey);
  }
  return withKeys.filter(({ keys }) => !keys.some((k) => answered.has(k))).map(({ m }) => m);
}
