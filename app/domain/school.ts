/** Public facts about the school shown across the site. */
export const SCHOOL_NAME = "Vacation Classes";
export const SCHOOL_TAGLINE = "Online vacation classes for Form 1 to Form 3 students";

/**
 * How parents reach the school (Settings → General; docs/product.md#settings): an e-mail address, one or two phone
 * numbers (each as people read it and as a tel: link's E.164), and the hours someone answers. Made on the server from
 * the settings (app/models/settings.server.ts `schoolContacts`) and handed to pages by the root loader.
 */
export type SchoolContacts = {
  email: string;
  phones: { display: string; tel: string }[];
  hours: string;
};

/** Support hours are said on USSD screens and in SMS: at most this many characters (the wording limits assume it). */
export const SUPPORT_HOURS_MAX = 40;

/** The contacts of a new install (the settings' defaults), also what a page shows when the settings cannot be read. */
export const DEFAULT_CONTACTS: SchoolContacts = {
  email: "info@vacationclasses.example",
  phones: [
    { display: "024 000 0001", tel: "+233240000001" },
    { display: "020 000 0002", tel: "+233200000002" },
  ],
  hours: "7:30am to 5:30pm, Monday to Friday",
};

/** The phone numbers as a sentence says them: "024 000 0001 or 020 000 0002". */
export const phonesLine = (contacts: SchoolContacts) => contacts.phones.map((p) => p.display).join(" or ");

/** The numbers and the hours, as the SMS and USSD texts' {contact} says them. */
export const contactLine = (contacts: SchoolContacts) => `${phonesLine(contacts)}, ${contacts.hours}`;
