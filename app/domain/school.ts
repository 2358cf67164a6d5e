/** Public facts about the school shown across the site. */
export const SCHOOL_NAME = "Vacation Classes";
export const SCHOOL_TAGLINE = "Online vacation classes for Form 1 to Form 3 students";
export const CONTACT_EMAIL = "info@vacationclasses.example";
/** Shown as entered; tel: links use the E.164 form. */
export const SUPPORT_PHONES = [
  { display: "024 000 0001", tel: "+233240000001" },
  { display: "020 000 0002", tel: "+233200000002" },
] as const;
export const SUPPORT_HOURS = "7:30am to 5:30pm, Monday to Friday";
