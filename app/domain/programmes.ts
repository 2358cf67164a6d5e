/**
 * Programmes and their subjects: the one source every schema, model and page imports.
 * Subjects shared with the admin WhatsApp group list are spelled exactly as there,
 * so class pages match registrations by subject name (docs/product.md#data-rules).
 */

export const PROGRAMMES = ["science", "arts", "business", "visual-arts", "home-economics"] as const;
export type Programme = (typeof PROGRAMMES)[number];

export const PROGRAMME_LABELS: Record<Programme, string> = {
  science: "General Science",
  arts: "General Arts",
  business: "Business",
  "visual-arts": "Visual Arts",
  "home-economics": "Home Economics",
};

/** The admin group form's fixed list of 14 subjects (docs/product.md#validation). */
export const GROUP_FORM_SUBJECTS = [
  "Mathematics",
  "English Language",
  "Integrated Science",
  "Social Studies",
  "Physics",
  "Chemistry",
  "Biology",
  "Economics",
  "Geography",
  "History",
  "Literature",
  "Government",
  "Accounting",
  "Business Management",
] as const;

const CORE = ["Mathematics", "English Language", "Integrated Science", "Social Studies"] as const;

export const PROGRAMME_SUBJECTS: Record<Programme, readonly string[]> = {
  science: [
    ...CORE,
    "Physics",
    "Chemistry",
    "Biology",
    "Additional Mathematics",
    "Geography",
    "Economics",
    "Computing",
    "French",
  ],
  arts: [
    ...CORE,
    "Literature",
    "History",
    "Government",
    "Geography",
    "Economics",
    "French",
    "Christian Religious Studies",
    "Ghanaian Language",
    "Additional Mathematics",
    "Computing",
  ],
  business: [
    ...CORE,
    "Accounting",
    "Business Management",
    "Cost Accounting",
    "Economics",
    "Additional Mathematics",
    "French",
    "Computing",
  ],
  "visual-arts": [
    ...CORE,
    "General Knowledge in Art",
    "Graphic Design",
    "Picture Making",
    "Sculpture",
    "Textiles",
    "Ceramics",
    "Economics",
  ],
  "home-economics": [
    ...CORE,
    "Management in Living",
    "Food and Nutrition",
    "Clothing and Textiles",
    "General Knowledge in Art",
    "Biology",
    "Economics",
  ],
};

/**
 * Every subject offered in any programme, alphabetically. By code unit, not `localeCompare`: the names are English in
 * title case, where both orders agree, and a phone's first `localeCompare` builds the locale's collator, 40 ms of
 * the main thread at a cheap phone's speed while the enrolment form hydrates.
 */
export const ALL_SUBJECTS: readonly string[] = [...new Set(Object.values(PROGRAMME_SUBJECTS).flat())].sort();

export function isProgramme(value: unknown): value is Programme {
  return typeof value === "string" && (PROGRAMMES as readonly string[]).includes(value);
}

export function programmeLabel(value: string | null | undefined): string {
  return isProgramme(value) ? PROGRAMME_LABELS[value] : (value ?? "");
}

export function subjectsFor(programme: string | null | undefined): readonly string[] {
  return isProgramme(programme) ? PROGRAMME_SUBJECTS[programme] : [];
}

export function isSubjectOf(programme: string | null | undefined, subject: string): boolean {
  return subjectsFor(programme).includes(subject);
}

export const PROGRAMME_OPTIONS = PROGRAMMES.map((value) => ({ value, label: PROGRAMME_LABELS[value] }));

/** URL/file-name slug of a programme, e.g. "visual-arts". Programme values already are slugs. */
export function programmeSlug(programme: Programme): string {
  return programme;
}

export const WARD_FORMS = ["form-1", "form-2", "form-3"] as const;
export type WardForm = (typeof WARD_FORMS)[number];
export const WARD_FORM_LABELS: Record<WardForm, string> = {
  "form-1": "Form 1",
  "form-2": "Form 2",
  "form-3": "Form 3",
};
