import { describe, expect, it } from "vitest";
import { useTestDatabase } from "#tests/support/test-database.ts";
import { normalizePhone } from "#app/domain/phone.ts";
import type { Programme } from "#app/domain/programmes.ts";
import { wardNameKey, Registration } from "#app/models/registration.server.ts";
import {
  EvaluationForm,
  EvaluationResponse,
  addQuestion,
  audienceOf,
  createEvaluationForm,
  deleteQuestion,
  formsForWards,
  getEvaluationForm,
  getResponse,
  moveQuestion,
  notAnswered,
  saveResponse,
  summariseResponses,
  countOpenUnanswered,
  type EvaluationFormDoc,
} from "#app/models/evaluation.server.ts";

useTestDatabase("evaluation_test", { init: [EvaluationForm, EvaluationResponse, Registration] });

const DAY = 86_400_000;
let n = 0;
async function registration(programme: Programme, subjects: string[]) {
  n++;
  const phone = `024${String(5550000 + n).padStart(7, "0")}`;
  const r = await Registration.create({
    parentName: `Parent ${n}`,
    whatsappNumber: phone,
    whatsappNumberNormalized: normalizePhone(phone),
    wardName: `Ward ${n}`,
    wardNameKey: wardNameKey(`Ward ${n}`),
    wardWhatsapp: `020${String(5550000 + n).padStart(7, "0")}`,
    wardWhatsappNormalized: normalizePhone(`020${String(5550000 + n).padStart(7, "0")}`),
    currentSchool: "Test School",
    wardForm: "form-2",
    specificClass: "2A",
    programme,
    subjects,
    subjectCount: subjects.length,
    updateMode: ["whatsapp"],
    referralName: "Someone",
    referralStatus: "friend",
  });
  return { _id: String(r._id), wardName: r.wardName, programme, subjects, parentName: r.parentName };
}

async function openForm(over: Partial<{ programmes: string[]; subject: string | null; anonymous: boolean }> = {}) {
  const id = await createEvaluationForm(
    {
      title: "Mid-course",
      programmes: over.programmes ?? [],
      subject: over.subject ?? null,
      opensAt: new Date(Date.now() - DAY),
      closesAt: new Date(Date.now() + DAY),
      anonymous: over.anonymous ?? false,
    },
    "admin1",
  );
  await addQuestion(id, {
    type: "rating",
    prompt: "How is it going?",
    required: true,
    perSubject: false,
    options: [],
    lowLabel: "",
    highLabel: "",
  });
  await addQuestion(id, {
    type: "long",
    prompt: "Anything else?",
    required: false,
    perSubject: false,
    options: [],
    lowLabel: "",
    highLabel: "",
  });
  return (await getEvaluationForm(id)) as EvaluationFormDoc;
}

const who = (ward: Awaited<ReturnType<typeof registration>>, parentUserId = `parent-${ward._id}`) => ({
  parentUserId,
  parentName: ward.parentName,
  registrationId: ward._id,
  wardName: ward.wardName,
  programme: ward.programme,
  subjects: ward.subjects,
});

describe("evaluation responses", () => {
  it("one response per parent, per ward, per form: saving again replaces it, and two saves at once end as one", async () => {
    const form = await openForm();
    const ward = await registration("science", ["Physics"]);
    const [q1] = form.questions;
    await saveResponse(form, who(ward), [{ questionId: q1._id, subject: null, value: 3 }]);
    await saveResponse(form, who(ward), [{ questionId: q1._id, subject: null, value: 5 }]);
    expect(await EvaluationResponse.countDocuments({ formId: form._id })).toBe(1);
    expect((await getResponse(form._id, `parent-${ward._id}`, ward._id))?.answers[0].value).toBe(5);

    const other = await registration("science", ["Physics"]);
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        saveResponse(form, who(other), [{ questionId: q1._id, subject: null, value: (i % 5) + 1 }]),
      ),
    );
    expect(outcomes.every((o) => o === "saved")).toBe(true);
    expect(await EvaluationResponse.countDocuments({ formId: form._id })).toBe(2);
  });

  it("the first answer locks the questions; an answer checked against older questions is refused", async () => {
    const form = await openForm();
    const ward = await registration("arts", ["Literature"]);
    expect(await moveQuestion(form._id, form.questions[1]._id, "up")).toBe("ok");
    // The parent's page was read before the move: its answers were checked against the old order.
    expect(await saveResponse(form, who(ward), [{ questionId: form.questions[0]._id, subject: null, value: 4 }])).toBe(
      "changed",
    );
    expect(await EvaluationResponse.countDocuments({ formId: form._id })).toBe(0);
    const fresh = (await getEvaluationForm(form._id))!;
    expect(await saveResponse(fresh, who(ward), [{ questionId: form.questions[0]._id, subject: null, value: 4 }])).toBe(
      "saved",
    );
    expect((await getEvaluationForm(form._id))!.locked).toBe(true);
    expect(await deleteQuestion(form._id, form.questions[0]._id)).toBe("locked");
    expect(
      await addQuestion(form._id, {
        type: "short",
        prompt: "More?",
        required: false,
        perSubject: false,
        options: [],
        lowLabel: "",
        highLabel: "",
      }),
    ).toBe("locked");
    expect((await getEvaluationForm(form._id))!.questions).toHaveLength(2);
  });

  it("an anonymous response stores no name, phone, user or ward, yet the same parent finds and edits it", async () => {
    const form = await openForm({ anonymous: true });
    const ward = await registration("business", ["Economics"]);
    await saveResponse(form, who(ward, "parent-anon"), [
      { questionId: form.questions[1]._id, subject: null, value: "Please start later" },
    ]);
    const stored = await EvaluationResponse.findOne({ formId: form._id }).lean();
    const text = JSON.stringify(stored);
    for (const identity of ["parent-anon", ward._id, ward.wardName, ward.parentName])
      expect(text).not.toContain(identity);
    expect(stored).toMatchObject({
      parentUserId: null,
      parentName: null,
      registrationId: null,
      wardName: null,
      programme: "business",
    });
    await saveResponse(form, who(ward, "parent-anon"), [
      { questionId: form.questions[1]._id, subject: null, value: "Changed my mind" },
    ]);
    expect(await EvaluationResponse.countDocuments({ formId: form._id })).toBe(1);
    expect((await getResponse(form._id, "parent-anon", ward._id))?.answers[0].value).toBe("Changed my mind");
  });

  it("lists a parent's forms by audience, counts the unanswered open ones, and reminds only those who have not answered", async () => {
    await EvaluationForm.deleteMany({});
    const form = await openForm({ programmes: ["visual-arts"], subject: "Ceramics" });
    const a = await registration("visual-arts", ["Ceramics", "Picture Making"]);
    const b = await registration("visual-arts", ["Ceramics"]);
    const c = await registration("visual-arts", ["Graphic Design"]); // not taking Ceramics
    expect((await formsForWards("p-a", [a, c])).map((x) => x.ward._id)).toEqual([a._id]);
    expect(await countOpenUnanswered("p-a", [a, c])).toBe(1);
    await saveResponse(form, who(a, "p-a"), [{ questionId: form.questions[0]._id, subject: null, value: 2 }]);
    expect(await countOpenUnanswered("p-a", [a, c])).toBe(0);

    const members = await audienceOf(form);
    expect(members.map((m) => m.registrationId).sort()).toEqual([a._id, b._id].sort());
    expect((await notAnswered(form, members)).map((m) => m.registrationId)).toEqual([b._id]);
    const summary = await summariseResponses(form, {});
    expect(summary.responses).toBe(1);
    expect(summary.rows[0].summary).toMatchObject({ kind: "rating", count: 1, mean: 2 });
  });

  it("asks the families of its vacation only", async () => {
    await EvaluationForm.deleteMany({});
    const form = await openForm({ programmes: ["arts"] });
    await EvaluationForm.updateOne({ _id: form._id }, { $set: { vacation: "2027 Easter vacation" } });
    const mine = await registration("arts", ["History"]);
    const last = await registration("arts", ["History"]);
    await Registration.updateOne({ _id: mine._id }, { $set: { vacation: "2027 Easter vacation" } });
    await Registration.updateOne({ _id: last._id }, { $set: { vacation: "2026 Christmas vacation" } });
    const wards = [
      { ...mine, vacation: "2027 Easter vacation" },
      { ...last, vacation: "2026 Christmas vacation" },
    ];
    expect((await formsForWards("p-v", wards)).map((x) => x.ward._id)).toEqual([mine._id]);
    const stored = (await EvaluationForm.findById(form._id).lean())!;
    expect((await audienceOf(stored as never)).map((m) => m.registrationId)).toEqual([mine._id]);
  });

  it("asks a ward enrolled in two vacations once, by the registration answered for, and counts it once", async () => {
    await EvaluationForm.deleteMany({});
    const form = await openForm({ programmes: ["arts"] }); // of no vacation: it asks any registration
    const christmas = await registration("arts", ["History"]);
    const easter = await registration("arts", ["History"]);
    // The same ward (its two registrations share the key parentWards gives them), the newest first.
    const wards = [
      { ...easter, vacation: "2027 Easter vacation", key: "+233550000001 yaw" },
      { ...christmas, vacation: "2026 Christmas vacation", key: "+233550000001 yaw" },
    ];
    expect((await formsForWards("p-two", wards)).map((x) => x.ward._id)).toEqual([easter._id]);
    expect(await countOpenUnanswered("p-two", wards)).toBe(1);
    await saveResponse(form, who(christmas, "p-two"), [{ questionId: form.questions[0]._id, subject: null, value: 2 }]);
    const listed = await formsForWards("p-two", wards);
    expect(listed.map((x) => [x.ward._id, Boolean(x.answeredAt)])).toEqual([[christmas._id, true]]);
    expect(await countOpenUnanswered("p-two", wards)).toBe(0);
  });
});
