import { Schema } from "mongoose";
import { briefCache } from "#app/models/infra/brief-cache.server.ts";
import { isWordingKey, type SchoolWording, type WordingKey } from "#app/domain/wording.ts";
import { defineModel } from "#app/models/infra/define-model.server.ts";

/**
 * The school's own wording (app/domain/wording.ts): one document per text it rewrote, its English and Twi versions
 * (null where it keeps the default). Read for every message and screen, so kept a second per process like the settings.
 */
const wordingSchema = new Schema(
  {
    _id: { type: String, required: true, maxlength: 60 },
    en: { type: String, default: null, maxlength: 1000 },
    tw: { type: String, default: null, maxlength: 1000 },
    updatedBy: { type: String, default: null },
  },
  { timestamps: true, collection: "wording" },
);

type WordingDoc = { _id: string; en: string | null; tw: string | null; updatedBy: string | null; updatedAt: Date };
export const Wording = defineModel<WordingDoc>("Wording", wordingSchema);

const cache = briefCache<SchoolWording>("wording");

export async function getSchoolWording(): Promise<SchoolWording> {
  return cache.get("all", async () => {
    const rows = await Wording.find().lean<WordingDoc[]>();
    const wording: SchoolWording = {};
    for (const row of rows) if (isWordingKey(row._id)) wording[row._id] = { en: row.en, tw: row.tw };
    return wording;
  });
}

/** Saves the school's versions of one text (null or blank: the default again). */
export async function saveSchoolWording(key: WordingKey, texts: { en: string | null; tw: string | null }, by: string) {
  const en = texts.en?.trim() || null;
  const tw = texts.tw?.trim() || null;
  if (!en && !tw) await Wording.deleteOne({ _id: key });
  else await Wording.updateOne({ _id: key }, { $set: { en, tw, updatedBy: by } }, { upsert: true });
  cache.forget();
}
