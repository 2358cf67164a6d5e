import numberToWords from "number-to-words";

// A CommonJS package: its functions hang off the default export under Node ESM.
const { toWords } = numberToWords;

function capitalise(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * An amount in words for receipts: 45050 → "Four hundred fifty Ghana cedis and fifty pesewas".
 * number-to-words spells the numbers; only whole numbers reach it.
 */
export function amountInWords(pesewas: number): string {
  if (!Number.isSafeInteger(pesewas) || pesewas < 0) throw new TypeError(`Not a payable amount: ${pesewas}`);
  const cedis = Math.floor(pesewas / 100);
  const rest = pesewas % 100;
  const cedisText = `${toWords(cedis)} Ghana ${cedis === 1 ? "cedi" : "cedis"}`;
  if (rest === 0) return capitalise(`${cedisText} only`);
  const pesewasText = `${toWords(rest)} ${rest === 1 ? "pesewa" : "pesewas"}`;
  return capitalise(cedis === 0 ? pesewasText : `${cedisText} and ${pesewasText}`);
}
