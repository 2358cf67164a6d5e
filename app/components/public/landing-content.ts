/** The landing page's words: what each programme is for, why families choose the school, the questions they ask. */
import type { Programme } from "#app/domain/programmes.ts";

export const PROGRAMME_BLURBS: Record<Programme, string> = {
  science: "For students heading for medicine, engineering, computing and the other sciences.",
  arts: "Languages, history, government and the humanities, with strong core subjects.",
  business: "Accounting, business management and economics for future entrepreneurs.",
  "visual-arts": "Drawing, design and craft subjects alongside the core subjects.",
  "home-economics": "Food, clothing, management in living and the sciences behind them.",
};

export const BENEFITS = [
  {
    title: "Learn from home",
    text: "Classes run on WhatsApp class pages, so a phone with WhatsApp is all your ward needs. No laptop, no long travel.",
  },
  {
    title: "Light on data",
    text: "Lessons are notes, voice notes, pictures and short videos: made for prepaid bundles and slow connections.",
  },
  {
    title: "Experienced facilitators",
    text: "Teachers who know the Ghanaian curriculum for Forms 1 to 3 lead each subject's class page.",
  },
  {
    title: "Only the subjects you need",
    text: "Choose your ward's programme and the subjects they want to strengthen during the vacation.",
  },
  {
    title: "Assignments and feedback",
    text: "Regular exercises and tests, marked by the facilitators, so you can see progress.",
  },
  {
    title: "Parents kept informed",
    text: "A parents' WhatsApp group per programme and updates the way you prefer: WhatsApp, SMS, e-mail or a call.",
  },
];

export const FAQ = [
  {
    q: "Who can enrol?",
    a: "Students in Form 1, Form 2 or Form 3 of senior high school. A parent or guardian fills in the registration form for the ward.",
  },
  {
    q: "How do the classes work?",
    a: "Each subject has a WhatsApp class page. After registering you get the links to join. Facilitators post lessons, notes and exercises there on weekdays, and students ask questions in the class page.",
  },
  {
    q: "What does my ward need?",
    a: "A phone with WhatsApp and a data bundle, and the WhatsApp number you give us on the form. Lessons are designed to work on modest phones and slow connections.",
  },
  {
    q: "How much does it cost and how do I pay?",
    a: "Fees are confirmed with you when you enrol, depending on the programme and number of subjects. You pay by Mobile Money; we send the details on WhatsApp or by phone. Call us if you have any question about fees.",
  },
  {
    q: "Can I change subjects after registering?",
    a: "Yes. Call or WhatsApp us during support hours and we will update the registration.",
  },
  {
    q: "Lessons have already started. Can my ward still join?",
    a: "Yes, you can still enrol. Your ward joins the class pages straight away and can catch up with the earlier notes posted there.",
  },
  {
    q: "How do I see my ward's timetable?",
    a: "After registration your ward can sign in to the student portal with their WhatsApp number to see their subjects, class pages and weekly schedule.",
  },
];
