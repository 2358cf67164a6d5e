import { raisePeopleRevision, raiseRegistrationsRevision } from "#app/models/revisions.server.ts";
import { PROGRAMMES, PROGRAMME_SUBJECTS, ALL_SUBJECTS, type Programme } from "#app/domain/programmes.ts";
import { normalizePhone } from "#app/domain/phone.ts";
import { hashPassword } from "#app/models/password.server.ts";
import { User } from "#app/models/user.server.ts";
import { AdminPermission } from "#app/models/admin-permission.server.ts";
import { Subject } from "#app/models/subject.server.ts";
import { WhatsappGroup, forgetClassPages } from "#app/models/whatsapp-group.server.ts";
import { Registration, wardNameKey } from "#app/models/registration.server.ts";
import { Communication, forgetAnnouncementDates } from "#app/models/communication.server.ts";
import { seedDemoPayments, seedDemoVacation } from "#app/models/seeds/seed-payments.server.ts";
import { seedDemoEvaluations } from "#app/models/seeds/seed-evaluations.server.ts";
import { seedDemoLessons } from "#app/models/seeds/seed-lessons.server.ts";
import { seedDemoWork } from "#app/models/seeds/seed-work.server.ts";
import { seedDemoSettings } from "#app/models/settings.server.ts";
import { InboundSms, UssdSession } from "#app/models/phone-channel-log.server.ts";
import { daysAgo } from "#app/models/seeds/seed-dates.server.ts";
import { registrationSearchKeys } from "#app/domain/registration-search.ts";

/** Demo accounts, for demo use only (listed in the README). */
export const DEMO_ACCOUNTS = [
  {
    role: "admin",
    phone: "0244000001",
    password: "demo-admin-2025",
    fullName: "Ama Admin",
    email: "admin@vacationclasses.example",
  },
  {
    role: "facilitator",
    phone: "0244000002",
    password: "demo-teacher-2025",
    fullName: "Kofi Mensah",
    email: "kofi@vacationclasses.example",
  },
  {
    role: "parent",
    phone: "0244000003",
    password: "demo-parent-2025",
    fullName: "Efua Owusu",
    email: "efua@example.com",
  },
  { role: "student", phone: "0244000004", password: "demo-student-2025", fullName: "Yaw Owusu", email: null },
] as const;

// A few class pages deliberately unusable so 'Class Page Coming Soon' shows.
const UNUSABLE = new Set([
  "science:French",
  "arts:Ghanaian Language",
  "business:Cost Accounting",
  "visual-arts:Ceramics",
]);

function demoLink(programme: string, subject: string) {
  const code = Buffer.from(`${programme}:${subject}`).toString("base64url").slice(0, 22);
  return `https://chat.whatsapp.com/Demo${code}`;
}

const DEMO_REGISTRATIONS: Array<{
  reference: string;
  parentName: string;
  whatsappNumber: string;
  wardName: string;
  wardWhatsapp: string;
  currentSchool: string;
  wardForm: "form-1" | "form-2" | "form-3";
  specificClass: string;
  programme: Programme;
  subjects: string[];
  referralStatus: "teacher" | "parent" | "student" | "friend" | "other";
}> = [
  {
    reference: "demoyawowusu",
    parentName: "Efua Owusu",
    whatsappNumber: "0244000003",
    wardName: "Yaw Owusu",
    wardWhatsapp: "0244000004",
    currentSchool: "Achimota School",
    wardForm: "form-2",
    specificClass: "2S1",
    programme: "science",
    subjects: ["Mathematics", "English Language", "Physics", "Chemistry", "Biology", "French"],
    referralStatus: "teacher",
  },
  {
    reference: "demoabenaa01",
    parentName: "Kwame Asante",
    whatsappNumber: "0501112222",
    wardName: "Abena Asante",
    wardWhatsapp: "0501113333",
    currentSchool: "Wesley Girls' High School",
    wardForm: "form-1",
    specificClass: "1A2",
    programme: "arts",
    subjects: ["Literature", "History", "Government", "English Language"],
    referralStatus: "friend",
  },
  {
    reference: "demokojob001",
    parentName: "Akosua Boateng",
    whatsappNumber: "0262223333",
    wardName: "Kojo Boateng",
    wardWhatsapp: "0262224444",
    currentSchool: "Prempeh College",
    wardForm: "form-3",
    specificClass: "3B1",
    programme: "business",
    subjects: ["Accounting", "Business Management", "Economics", "Mathematics"],
    referralStatus: "parent",
  },
  {
    reference: "demoesiam001",
    parentName: "Yaa Mensah",
    whatsappNumber: "0273334444",
    wardName: "Esi Mensah",
    wardWhatsapp: "0273335555",
    currentSchool: "St. Louis SHS",
    wardForm: "form-2",
    specificClass: "2V1",
    programme: "visual-arts",
    subjects: ["Graphic Design", "Picture Making", "Ceramics"],
    referralStatus: "student",
  },
  {
    reference: "demoadjoa001",
    parentName: "Comfort Addo",
    whatsappNumber: "0544445555",
    wardName: "Adjoa Addo",
    wardWhatsapp: "0544446666",
    currentSchool: "Aburi Girls' SHS",
    wardForm: "form-1",
    specificClass: "1H1",
    programme: "home-economics",
    subjects: ["Food and Nutrition", "Management in Living", "Mathematics"],
    referralStatus: "other",
  },
];

/** Creates or updates the demo data. Safe to run any number of times. */
export async function seedDemoData() {
  await seedDemoSettings();
  const vacation = await seedDemoVacation();
  await seedDemoPhoneChannel();
  const ids: Record<string, string> = {};
  for (const account of DEMO_ACCOUNTS) {
    const phone = normalizePhone(account.phone);
    const existing = await User.findOne({ phone }).select("_id phoneVerifiedAt").lean();
    if (existing) {
      ids[account.role] = existing._id;
      // Demo phones count as verified, so the demo family keeps seeing its registration by phone.
      if (!existing.phoneVerifiedAt)
        await User.updateOne({ _id: existing._id }, { $set: { phoneVerifiedAt: new Date() } });
      continue;
    }
    const user = await User.create({
      role: account.role,
      phone,
      fullName: account.fullName,
      displayName: account.fullName.split(" ")[0],
      email: account.email,
      passwordHash: await hashPassword(account.password),
      phoneVerifiedAt: new Date(),
    });
    // The school's accounts date from before its first registration.
    await User.collection.updateOne({ phone }, { $set: { createdAt: daysAgo(40), updatedAt: daysAgo(40) } });
    ids[account.role] = user._id;
  }
  // The accounts' dates were changed past the model: the admin's counts are computed again.
  await raisePeopleRevision();
  await AdminPermission.updateOne({ userId: ids.admin }, { $setOnInsert: { userId: ids.admin } }, { upsert: true });

  const facilitated = new Set(["Mathematics", "Physics", "English Language", "Chemistry"]);
  for (const name of ALL_SUBJECTS) {
    await Subject.updateOne(
      { name },
      {
        $setOnInsert: {
          name,
          description: `${name} vacation classes`,
          facilitatorId: facilitated.has(name) ? ids.facilitator : null,
        },
      },
      { upsert: true },
    );
  }

  for (const programme of PROGRAMMES) {
    for (const subjectName of PROGRAMME_SUBJECTS[programme]) {
      const unusable = UNUSABLE.has(`${programme}:${subjectName}`);
      await WhatsappGroup.updateOne(
        { programme, subjectName, groupType: "student" },
        {
          $setOnInsert: {
            programme,
            subjectName,
            groupType: "student",
            whatsappLink: unusable ? "https://chat.whatsapp.com/coming soon" : demoLink(programme, subjectName),
            vacations: [vacation],
          },
        },
        { upsert: true },
      );
    }
  }
  const parentGroups = [
    { programme: "science", subjectName: "General Science Parents", link: demoLink("parents", "science") },
    { programme: "arts", subjectName: "General Arts Parents", link: demoLink("parents", "arts") },
    { programme: "business", subjectName: "Business Parents", link: demoLink("parents", "business") },
    { programme: "general", subjectName: "All Programmes Parents", link: demoLink("parents", "general") },
    { programme: "visual-arts", subjectName: "Visual Arts Parents", link: "placeholder" },
  ];
  for (const g of parentGroups) {
    await WhatsappGroup.updateOne(
      { programme: g.programme, subjectName: g.subjectName, groupType: "parent" },
      {
        $setOnInsert: {
          programme: g.programme,
          subjectName: g.subjectName,
          groupType: "parent",
          whatsappLink: g.link,
          vacations: [vacation],
        },
      },
      { upsert: true },
    );
  }

  for (const [i, r] of DEMO_REGISTRATIONS.entries()) {
    const inserted = await Registration.updateOne(
      { reference: r.reference },
      {
        $setOnInsert: {
          ...r,
          vacation,
          whatsappNumberNormalized: normalizePhone(r.whatsappNumber),
          wardWhatsappNormalized: normalizePhone(r.wardWhatsapp),
          wardNameKey: wardNameKey(r.wardName),
          searchKeys: registrationSearchKeys({
            ...r,
            whatsappNumberNormalized: normalizePhone(r.whatsappNumber),
            wardWhatsappNormalized: normalizePhone(r.wardWhatsapp),
          }),
          subjectCount: r.subjects.length,
          updateMode: ["whatsapp"],
          referralName: "Mr. Darko",
          referralOther: r.referralStatus === "other" ? "Church announcement" : null,
          joinStudentGroups: "yes",
          joinParentGroup: "yes",
          userId: r.reference === "demoyawowusu" ? ids.parent : null,
        },
      },
      { upsert: true },
    );
    // Registered over the weeks before the payments (timestamps would date them all at seeding).
    if (inserted.upsertedCount === 1) {
      await Registration.collection.updateOne(
        { reference: r.reference },
        { $set: { createdAt: daysAgo(12 + 3 * i), updatedAt: daysAgo(12 + 3 * i) } },
      );
      await raiseRegistrationsRevision(); // past the model's middleware
    }
  }

  await Communication.updateOne(
    { title: "Welcome to vacation classes" },
    {
      $setOnInsert: {
        title: "Welcome to vacation classes",
        message: "Classes run Monday to Friday. Join your WhatsApp class pages from your portal.",
        senderId: ids.admin,
        recipientType: "all",
      },
    },
    { upsert: true },
  );
  await seedDemoPayments(ids.admin);
  await seedDemoEvaluations(ids.admin, ids.parent);
  await seedDemoLessons(vacation, ids.admin, ids.facilitator);
  await seedDemoWork(vacation, ids.facilitator);
  // Other workers may already be serving: their copies of the class pages and announcements go now.
  forgetClassPages();
  forgetAnnouncementDates();
  return ids;
}

/** Seeds only a database that has no users yet (npm start on a fresh embedded database). */
export async function seedIfEmpty() {
  if ((await User.estimatedDocumentCount()) > 0) return false;
  await seedDemoData();
  return true;
}

/** A USSD session and an SMS from the demo parent's number, so Settings → USSD & SMS shows what they look like. */
async function seedDemoPhoneChannel() {
  await UssdSession.updateOne(
    { _id: "ATUid_demo_session" },
    { $setOnInsert: { phoneMasked: "024 ••• ••03", serviceCode: "*920*44#", text: "2", screens: 2, last: "fees" } },
    { upsert: true },
  );
  await InboundSms.updateOne(
    { providerId: "ATXid_demo_inbound" },
    {
      $setOnInsert: { _id: "demoinboundsms00000000001", fromMasked: "024 ••• ••03", keyword: "balance", replied: true },
    },
    { upsert: true },
  );
}
