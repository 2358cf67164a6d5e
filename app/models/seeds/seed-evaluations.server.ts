import type { Answer, QuestionType } from "#app/domain/evaluations.ts";
import { EvaluationForm, EvaluationResponse, saveResponse, toQuestions } from "#app/models/evaluation.server.ts";
import { newId, newQuestionId } from "#app/models/ids.server.ts";
import { Registration } from "#app/models/registration.server.ts";

const DAY = 86_400_000;

export const DEMO_OPEN_FORM = "Mid-course check-in: General Science";
export const DEMO_CLOSED_FORM = "First week: how did it go?";

/** A demo question: optional, asked once for the whole form, without choices or scale labels unless given. */
function question(
  type: QuestionType,
  prompt: string,
  more: { required?: boolean; perSubject?: boolean; options?: string[]; lowLabel?: string; highLabel?: string } = {},
) {
  return {
    _id: newQuestionId(),
    type,
    prompt,
    required: false,
    perSubject: false,
    options: [],
    lowLabel: "",
    highLabel: "",
    ...more,
  };
}

/**
 * Demo evaluation forms (docs/product.md#evaluation-forms): one open form for the demo parent's ward's programme (General
 * Science) with a rating, a single choice, a per-subject rating and a free-text question, not yet answered; and one
 * closed form for every parent with answers from the demo families, so its results page shows something.
 * Safe to run again: forms are found by title and answers replace the same response.
 */
export async function seedDemoEvaluations(adminId: string, parentId: string) {
  const now = Date.now();
  await EvaluationForm.updateOne(
    { title: DEMO_OPEN_FORM },
    {
      $setOnInsert: {
        _id: newId(),
        title: DEMO_OPEN_FORM,
        intro:
          "Two minutes, five questions: tell us how the classes are going so we can fix what is not working before the course ends.",
        programmes: ["science"],
        subject: null,
        opensAt: new Date(now - 2 * DAY),
        closesAt: new Date(now + 28 * DAY),
        anonymous: false,
        createdById: adminId,
        questions: [
          question("rating", "How satisfied are you with the classes so far?", {
            required: true,
            lowLabel: "Not at all",
            highLabel: "Very satisfied",
          }),
          question("single", "Is the class time convenient?", { required: true, options: ["Yes", "Somewhat", "No"] }),
          question("rating", "How well does your ward follow the lessons?", {
            perSubject: true,
            lowLabel: "Struggling",
            highLabel: "Very well",
          }),
          question("long", "Anything we should change?"),
        ],
      },
    },
    { upsert: true },
  );

  await EvaluationForm.updateOne(
    { title: DEMO_CLOSED_FORM },
    {
      $setOnInsert: {
        _id: newId(),
        title: DEMO_CLOSED_FORM,
        intro: "A quick word on the first week of classes.",
        programmes: [],
        subject: null,
        opensAt: new Date(now - 21 * DAY),
        closesAt: new Date(now - 14 * DAY),
        anonymous: false,
        createdById: adminId,
        questions: [
          question("rating", "How was the first week?", { required: true, lowLabel: "Poor", highLabel: "Excellent" }),
          question("multiple", "What helped most?", {
            options: ["WhatsApp class pages", "Timetable", "Assignments", "Facilitators' feedback"],
          }),
          question("short", "One thing to improve"),
        ],
      },
    },
    { upsert: true },
  );
  const closed = await EvaluationForm.findOne({ title: DEMO_CLOSED_FORM }).lean();
  if (!closed || (await EvaluationResponse.exists({ formId: closed._id }))) return;
  const [rating, helped, improve] = toQuestions(closed);
  const sample: Array<{ reference: string; answers: () => Answer[] }> = [
    {
      reference: "demoyawowusu",
      answers: () => [
        { questionId: rating.id, subject: null, value: 5 },
        { questionId: helped.id, subject: null, value: ["WhatsApp class pages", "Timetable"] },
        { questionId: improve.id, subject: null, value: "More practice questions before the weekly quiz." },
      ],
    },
    {
      reference: "demoabenaa01",
      answers: () => [
        { questionId: rating.id, subject: null, value: 4 },
        { questionId: helped.id, subject: null, value: ["Facilitators' feedback"] },
        { questionId: improve.id, subject: null, value: "Start Literature lessons a little later in the evening." },
      ],
    },
    {
      reference: "demokojob001",
      answers: () => [
        { questionId: rating.id, subject: null, value: 3 },
        { questionId: helped.id, subject: null, value: ["Assignments", "Timetable"] },
      ],
    },
    {
      reference: "demoesiam001",
      answers: () => [
        { questionId: rating.id, subject: null, value: 4 },
        { questionId: improve.id, subject: null, value: "Share the Ceramics class page link earlier." },
      ],
    },
  ];
  for (const s of sample) {
    const r = await Registration.findOne({ reference: s.reference })
      .select("_id parentName wardName programme subjects")
      .lean();
    if (!r) continue;
    const ward = { programme: r.programme, subjects: r.subjects ?? [] };
    await saveResponse(
      { _id: closed._id, anonymous: closed.anonymous, questionsRev: closed.questionsRev },
      {
        // The demo parent answered from her account; the other demo families have none, so their registration stands in.
        parentUserId: s.reference === "demoyawowusu" ? parentId : `demo-${r._id}`,
        parentName: r.parentName,
        registrationId: String(r._id),
        wardName: r.wardName,
        programme: r.programme,
        subjects: ward.subjects,
      },
      s.answers(),
    );
  }
  // Answered while the form was open (it closed 14 days ago), not at seeding.
  await EvaluationResponse.collection.updateMany(
    { formId: closed._id },
    { $set: { createdAt: new Date(now - 17 * DAY), updatedAt: new Date(now - 16 * DAY) } },
  );
}
