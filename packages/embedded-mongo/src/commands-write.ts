/**
 * Write commands: insert, update (operators, pipelines, upserts, arrayFilters), delete, findAndModify.
 */
import { ObjectId } from "bson";
import { Aggregator } from "mingo/aggregator";
import { Collection } from "./collection.ts";
import { mingoOptions } from "./mingo-options.ts";
import { applyOperators } from "./update-operators.ts";
import { type Doc, MongoError, deepClone, encodeKey, isPlainObject, setOwn } from "./values.ts";
import type { Engine } from "./engine.ts";
import {
  MAX_WRITE_BATCH_SIZE,
  UPDATE_PIPELINE_STAGES,
  assertFilter,
  checkCollation,
  checkDocumentSize,
  checkHint,
  checkIdValue,
  idFirst,
  isOperatorUpdate,
  mapMingoError,
  splitMeta,
  toInt,
  upsertSeed,
  eachWrite,
  writeReply,
} from "./engine-shared.ts";
import { findPage, match } from "./query.ts";
import { project } from "./projection.ts";

export function cmd_insert(engine: Engine, db: string, cmd: Doc) {
  const docs: Doc[] = cmd.documents ?? [];
  if (!Array.isArray(docs)) throw new MongoError(14, "TypeMismatch", "insert: 'documents' must be an array");
  if (docs.length > MAX_WRITE_BATCH_SIZE)
    throw new MongoError(
      16,
      "InvalidLength",
      `Write batch sizes must be between 1 and ${MAX_WRITE_BATCH_SIZE}. Got ${docs.length} operations.`,
    );
  const ordered = cmd.ordered !== false;
  const { coll } = engine.ensureCollection(db, cmd.insert);
  let n = 0;
  const writeErrors = eachWrite(docs, ordered, (given) => {
    let doc = given;
    if (!isPlainObject(doc)) throw new MongoError(2, "BadValue", "document to insert must be an object");
    if (!("_id" in doc) || doc._id === undefined) doc = { _id: new ObjectId(), ...doc };
    else doc = idFirst(doc);
    checkIdValue(doc._id);
    checkDocumentSize(doc, "insert");
    coll.insert(doc);
    engine.log({ op: "p", db, coll: coll.name, doc });
    n++;
  });
  return writeReply({ n }, writeErrors);
}

/** Apply an update spec to a copy of `old`; returns the new document (or null when unchanged). */
export function applyUpdate(
  engine: Engine,
  old: Doc,
  u: any,
  filter: Doc,
  arrayFilters: Doc[] | undefined,
  isInsert: boolean,
): Doc {
  if (Array.isArray(u)) {
    for (const st of u) {
      const name = isPlainObject(st) ? Object.keys(st)[0] : undefined;
      if (!name || !UPDATE_PIPELINE_STAGES.has(name))
        throw new MongoError(2, "BadValue", `${name ?? "stage"} is not allowed to be used within an update`);
    }
    let res: Doc | undefined;
    try {
      res = new Aggregator(u, mingoOptions()).run([deepClone(old)])[0] as Doc;
    } catch (e) {
      mapMingoError(e);
    }
    if (!res) throw new MongoError(2, "BadValue", "update pipeline produced no document");
    if (!("_id" in res) && "_id" in old) res = { _id: old._id, ...res };
    return checkId(engine, old, idFirst(res), isInsert);
  }
  if (!isPlainObject(u))
    throw new MongoError(9, "FailedToParse", "Update argument must be either an object or an array");
  if (isOperatorUpdate(u)) {
    const doc = applyOperators(deepClone(old), u, filter, arrayFilters, isInsert);
    return checkId(engine, old, idFirst(doc), isInsert);
  }
  for (const k of Object.keys(u)) {
    if (k.startsWith("$"))
      throw new MongoError(
        2,
        "BadValue",
        `The dollar ($) prefixed field '${k}' in '${k}' is not allowed in the context of an update's replacement document.`,
      );
  }
  const doc: Doc = "_id" in old ? { _id: old._id } : {};
  for (const k of Object.keys(u)) setOwn(doc, k, deepClone(u[k]));
  if ("_id" in u) doc._id = u._id;
  return checkId(engine, old, idFirst(doc), isInsert);
}

export function checkId(engine: Engine, old: Doc, doc: Doc, isInsert: boolean): Doc {
  if (!isInsert && encodeKey(old._id) !== encodeKey(doc._id)) {
    throw new MongoError(
      66,
      "ImmutableField",
      "Performing an update on the path '_id' would modify the immutable field '_id'",
    );
  }
  if (isInsert && "_id" in old && "_id" in doc && encodeKey(old._id) !== encodeKey(doc._id)) {
    throw new MongoError(
      66,
      "ImmutableField",
      "Performing an update on the path '_id' would modify the immutable field '_id'",
    );
  }
  return doc;
}

/** Core of update/findAndModify for one statement. */
export function updateOne(
  engine: Engine,
  coll: Collection,
  doc: Doc,
  u: any,
  filter: Doc,
  arrayFilters: Doc[] | undefined,
): { newDoc: Doc; modified: boolean } {
  const newDoc = applyUpdate(engine, doc, u, filter, arrayFilters, false);
  if (encodeKey(newDoc) === encodeKey(doc)) return { newDoc: doc, modified: false };
  checkDocumentSize(newDoc, "update");
  coll.replace(doc, newDoc);
  engine.log({ op: "p", db: coll.db, coll: coll.name, doc: newDoc });
  return { newDoc, modified: true };
}

export function upsert(
  engine: Engine,
  db: string,
  collName: string,
  filter: Doc,
  u: any,
  arrayFilters: Doc[] | undefined,
): Doc {
  const seed = upsertSeed(filter);
  let doc: Doc;
  if (Array.isArray(u) || isOperatorUpdate(u)) doc = applyUpdate(engine, seed, u, filter, arrayFilters, true);
  else {
    doc = applyUpdate(engine, seed, u, filter, arrayFilters, true);
    if ("_id" in seed && "_id" in u && encodeKey(seed._id) !== encodeKey(u._id)) {
      throw new MongoError(
        66,
        "ImmutableField",
        "Performing an update on the path '_id' would modify the immutable field '_id'",
      );
    }
  }
  if (!("_id" in doc) || doc._id === undefined) doc = { _id: new ObjectId(), ...doc };
  doc = idFirst(doc);
  checkIdValue(doc._id);
  checkDocumentSize(doc, "update");
  const { coll } = engine.ensureCollection(db, collName);
  coll.insert(doc);
  engine.log({ op: "p", db, coll: coll.name, doc });
  return doc;
}

export function cmd_update(engine: Engine, db: string, cmd: Doc) {
  const updates: Doc[] = cmd.updates ?? [];
  if (!Array.isArray(updates)) throw new MongoError(14, "TypeMismatch", "update: 'updates' must be an array");
  const ordered = cmd.ordered !== false;
  let n = 0;
  let nModified = 0;
  const upserted: Doc[] = [];
  const writeErrors = eachWrite(updates, ordered, (st, i) => {
    const filter = assertFilter(st.q, "q", true);
    checkCollation(st.collation);
    checkHint(engine.getCollection(db, cmd.update), st.hint);
    if (st.u === undefined)
      throw new MongoError(9, "FailedToParse", "BSON field 'update.updates.u' is missing but a required field");
    const multi = !!st.multi;
    if (
      multi &&
      !Array.isArray(st.u) &&
      isPlainObject(st.u) &&
      !isOperatorUpdate(st.u) &&
      Object.keys(st.u).length > 0
    ) {
      throw new MongoError(9, "FailedToParse", "multi update is not supported for replacement-style update");
    }
    const coll = engine.getCollection(db, cmd.update);
    const matched = multi ? match(engine, coll, filter) : findPage(engine, coll, filter, st.sort, 0, 1);
    if (matched.length === 0) {
      if (st.upsert) {
        const doc = upsert(engine, db, cmd.update, filter, st.u, st.arrayFilters);
        upserted.push({ index: i, _id: doc._id });
        n++;
      }
      return;
    }
    for (const doc of matched) {
      const r = updateOne(engine, coll!, doc, st.u, filter, st.arrayFilters);
      n++;
      if (r.modified) nModified++;
    }
  });
  const out = writeReply({ n, nModified }, writeErrors);
  if (upserted.length) out.upserted = upserted;
  return out;
}

export function cmd_delete(engine: Engine, db: string, cmd: Doc) {
  const deletes: Doc[] = cmd.deletes ?? [];
  if (!Array.isArray(deletes)) throw new MongoError(14, "TypeMismatch", "delete: 'deletes' must be an array");
  const ordered = cmd.ordered !== false;
  const coll = engine.getCollection(db, cmd.delete);
  let n = 0;
  const writeErrors = eachWrite(deletes, ordered, (st) => {
    const filter = assertFilter(st.q, "q", true);
    checkCollation(st.collation);
    checkHint(coll, st.hint);
    const limit = toInt(st.limit);
    if (limit !== 0 && limit !== 1)
      throw new MongoError(9, "FailedToParse", "The limit field in delete objects must be 0 or 1");
    if (!coll) return;
    const matched = limit === 1 ? findPage(engine, coll, filter, undefined, 0, 1) : match(engine, coll, filter);
    for (const doc of matched) {
      coll.removeById(encodeKey(doc._id));
      engine.log({ op: "r", db, coll: coll.name, id: doc._id });
      n++;
    }
  });
  return writeReply({ n }, writeErrors);
}

export function cmd_findandmodify(engine: Engine, db: string, cmd: Doc) {
  const collName = cmd.findAndModify ?? cmd.findandmodify;
  const filter = assertFilter(cmd.query, "query", true);
  checkCollation(cmd.collation);
  checkHint(engine.getCollection(db, collName), cmd.hint);
  const fields = cmd.fields ?? cmd.projection;
  if (cmd.remove && cmd.update !== undefined)
    throw new MongoError(9, "FailedToParse", "Cannot specify both an update and remove=true");
  if (!cmd.remove && cmd.update === undefined)
    throw new MongoError(9, "FailedToParse", "Either an update or remove=true must be specified");
  if (cmd.remove && cmd.upsert)
    throw new MongoError(9, "FailedToParse", "Cannot specify both upsert=true and remove=true");
  const coll = engine.getCollection(db, collName);
  const doc = findPage(engine, coll, filter, cmd.sort, 0, 1)[0];
  const shape = (d: Doc | null) => (d ? (project(engine, [d], {}, splitMeta(fields).rest)[0] ?? null) : null);
  if (cmd.remove) {
    if (!doc) return { lastErrorObject: { n: 0 }, value: null, ok: 1 };
    coll!.removeById(encodeKey(doc._id));
    engine.log({ op: "r", db, coll: coll!.name, id: doc._id });
    return { lastErrorObject: { n: 1 }, value: shape(doc), ok: 1 };
  }
  if (!doc) {
    if (!cmd.upsert) return { lastErrorObject: { n: 0, updatedExisting: false }, value: null, ok: 1 };
    const inserted = upsert(engine, db, collName, filter, cmd.update, cmd.arrayFilters);
    return {
      lastErrorObject: { n: 1, updatedExisting: false, upserted: inserted._id },
      value: cmd.new ? shape(inserted) : null,
      ok: 1,
    };
  }
  const r = updateOne(engine, coll!, doc, cmd.update, filter, cmd.arrayFilters);
  return { lastErrorObject: { n: 1, updatedExisting: true }, value: shape(cmd.new ? r.newDoc : doc), ok: 1 };
}
