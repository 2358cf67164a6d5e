import mongoose from "mongoose";

/**
 * Of these registration ids, those no longer in the database: what "delete all" leaves named in other collections
 * (work handed in, attendance). Read through the driver so that no model of registrations is loaded here.
 */
export async function registrationsGone(named: readonly string[]): Promise<string[]> {
  const registrations = mongoose.connection.db!.collection<{ _id: string }>("registrations");
  const present = new Set(
    (await registrations.find({ _id: { $in: [...named] } }, { projection: { _id: 1 } }).toArray()).map((r) =>
      String(r._id),
    ),
  );
  return named.filter((id) => !present.has(id));
}
