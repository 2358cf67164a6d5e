import { randomFillSync, randomInt } from "node:crypto";
import { init } from "@paralleldrive/cuid2";
import { REFERENCE_ALPHABET, REFERENCE_LENGTH } from "#app/domain/registration-reference.ts";

const pool = new Uint32Array(1024);
let drawn = pool.length;
/**
 * The system's cryptographic generator as cuid2's `random` (a float in [0, 1)), read 4 KB at a time: cuid2's own asks
 * the operating system for 4 bytes 25 times an id, up to a tenth of an enrolment's CPU. The same generator, fewer calls.
 */
function pooledRandom() {
  if (drawn === pool.length) {
    randomFillSync(pool);
    drawn = 0;
  }
  return pool[drawn++]! / 0x1_0000_0000;
}

const createId = init({ random: pooledRandom });

/** Document ids are cuid2 strings: unguessable, URL-safe, and the same on MongoDB and the embedded server. */
export const newId = () => createId();

/**
 * A registration's reference, shown to parents and read out over the phone: 12 characters of an alphabet without
 * look-alikes (app/domain/registration-reference.ts), each drawn by the system's cryptographic generator (31^12, about
 * 2^59: unguessable).
 */
export const newReference = () =>
  Array.from({ length: REFERENCE_LENGTH }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join("");

/** The id of an evaluation form's question: short (it is in every answer stored), still unguessable. */
export const newQuestionId = () => createId().slice(0, 12);

/** The id schema option every model uses. */
export const idField = { type: String, default: newId } as const;
