/**
 * SMS text: how phones count it, and the portal's messages. A text is GSM-7 (160 characters in one message, 153 per
 * part of a longer one; `^{}\[~]|€` count two) unless it holds any character outside that alphabet — a ward named Ɛsi
 * or Kɔfi, or the cedi sign — which makes the whole message UCS-2 (70 characters, 67 per part). The texts
 * (app/domain/sms-messages.ts) write amounts as "GHS" so that a payment message stays GSM-7.
 */

const GSM7_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM7_EXTENDED = "^{}\\[~]|€\f";
const BASIC = new Set(GSM7_BASIC);
const EXTENDED = new Set(GSM7_EXTENDED);

export type SmsLength = { encoding: "GSM-7" | "UCS-2"; units: number; segments: number };

/** How many parts (segments) a phone sends this text in, and in which alphabet. */
export function smsLength(text: string): SmsLength {
  let units = 0;
  for (const ch of text) {
    if (BASIC.has(ch)) units += 1;
    else if (EXTENDED.has(ch)) units += 2;
    else {
      // UCS-2: every UTF-16 code unit counts (a character outside the basic plane is two).
      const ucs = text.length;
      return { encoding: "UCS-2", units: ucs, segments: ucs <= 70 ? 1 : Math.ceil(ucs / 67) };
    }
  }
  return { encoding: "GSM-7", units, segments: units <= 160 ? 1 : Math.ceil(units / 153) };
}

/** The 7-bit units of a text already in GSM-7 (`toGsm7`): an extension character (`^{}\[~]|€`) takes two. */
export function gsm7Units(text: string): number {
  let units = 0;
  for (const ch of text) units += EXTENDED.has(ch) ? 2 : 1;
  return units;
}

/** The longest start of a GSM-7 text that takes at most `units` units, with "..." when it was cut. */
export function cutToGsm7Units(text: string, units: number): string {
  if (gsm7Units(text) <= units) return text;
  let out = "";
  let used = 0;
  for (const ch of text) {
    const size = EXTENDED.has(ch) ? 2 : 1;
    if (used + size > units - 3) break;
    out += ch;
    used += size;
  }
  return `${out}...`;
}

/** Letters of Ghanaian languages and signs outside GSM-7, as a basic phone can show them. */
const TRANSLITERATION: Record<string, string> = {
  Ɛ: "E",
  ɛ: "e",
  Ɔ: "O",
  ɔ: "o",
  Ŋ: "N",
  ŋ: "n",
  Ʒ: "Z",
  ʒ: "z",
  Ƒ: "F",
  ƒ: "f",
  Ɖ: "D",
  ɖ: "d",
  Ɣ: "G",
  ɣ: "g",
  Ʋ: "V",
  ʋ: "v",
  "…": "...",
  "₵": "GHS ",
  "‘": "'",
  "’": "'",
  "‚": "'",
  "“": '"',
  "”": '"',
  "„": '"',
  "–": "-",
  "—": "-",
  "•": "-",
  "\u00a0": " ",
};

/**
 * The text in the GSM 7-bit alphabet, for USSD screens (which basic phones show only in it) and texts that must stay
 * one cheap part: Ɛ→E, Ɔ→O, ɛ→e, ɔ→o, accents dropped where GSM-7 lacks the letter (ê→e, but é stays), "…"→"...",
 * "₵"→"GHS", curly quotes straight; anything else becomes "?". Ghanaian names stay readable: Ɔdɔmankoma → Odomankoma.
 */
export function toGsm7(text: string): string {
  let out = "";
  for (const ch of text) {
    if (BASIC.has(ch) || EXTENDED.has(ch)) out += ch;
    else if (ch in TRANSLITERATION) out += TRANSLITERATION[ch];
    else {
      const bare = ch.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
      out += [...bare].every((c) => BASIC.has(c)) && bare ? bare : (TRANSLITERATION[bare] ?? "?");
    }
  }
  return out;
}

/** 45050 → "GHS 450.50" (the cedi sign is not in GSM-7: it would make every payment message UCS-2). */
export function smsCedis(pesewas: number): string {
  const sign = pesewas < 0 ? "-" : "";
  const abs = Math.abs(pesewas);
  return `${sign}GHS ${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/**
 * An SMS with a ward's name in it, as written where that costs no extra part, else in 7-bit (Ɛsi → Esi): a name
 * should not double what the parent's message costs, nor turn it into 70-character parts.
 */
export function withFittingNames(render: (names: string[]) => string, names: string[]): string {
  const asWritten = render(names);
  const plain = render(names.map(toGsm7));
  return smsLength(asWritten).segments <= smsLength(plain).segments ? asWritten : plain;
}
