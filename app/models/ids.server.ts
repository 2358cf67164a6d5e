import { createId, init } from "@paralleldrive/cuid2";

/** Document ids are cuid2 strings: unguessable, URL-safe, and the same on MongoDB and the embedded server. */
export const newId = () => createId();

/** Short unguessable reference shown to parents (registration confirmation). */
export const newReference = init({ length: 12 });

/** The id of an evaluation form's question: short (it is in every answer stored), still unguessable. */
export const newQuestionId = () => createId().slice(0, 12);

/** The id schema option every model uses. */
export const idField = { type: String, default: newId } as const;
