/** Index management commands: createIndexes, collMod, listIndexes, dropIndexes. Each takes the engine it runs on. */
import type { IndexSpec } from "./collection.ts";
import { type Doc, MongoError, encodeKey, isPlainObject, notSupported } from "./values.ts";
import type { Engine } from "./engine.ts";
import { assertFilter, checkCollation, indexNameFor, normKey, sameOptions } from "./engine-shared.ts";
import { cursorReply } from "./commands-read.ts";

// ---------------------------------------------------------------- indexes

export function cmd_createindexes(engine: Engine, db: string, cmd: Doc) {
  const name = cmd.createIndexes;
  if (!Array.isArray(cmd.indexes) || cmd.indexes.length === 0)
    throw new MongoError(2, "BadValue", "Must specify at least one index to create");
  const specs: IndexSpec[] = cmd.indexes.map((raw: Doc) => {
    if (!isPlainObject(raw?.key) || Object.keys(raw.key).length === 0)
      throw new MongoError(67, "CannotCreateIndex", "index key pattern must be a non-empty object");
    for (const [f, dir] of Object.entries(raw.key)) {
      const n = typeof dir === "bigint" ? Number(dir) : typeof dir === "number" ? dir : NaN;
      if (dir === "text") continue;
      if (n !== 1 && n !== -1) {
        throw new MongoError(
          67,
          "CannotCreateIndex",
          `index type ${JSON.stringify(String(dir))} on field '${f}' is not supported by the embedded MongoDB server (only ascending/descending indexes)`,
        );
      }
    }
    checkCollation(raw.collation);
    if (raw.partialFilterExpression) assertFilter(raw.partialFilterExpression, "partialFilterExpression");
    const spec: IndexSpec = { v: 2, key: normKey(raw.key), name: raw.name ?? indexNameFor(raw.key) };
    for (const k of Object.keys(raw)) {
      if (k === "key" || k === "name" || k === "v" || k === "background" || k === "ns") continue;
      spec[k] = raw[k];
    }
    if (spec.unique === false) delete spec.unique;
    if (spec.sparse === false) delete spec.sparse;
    return spec;
  });
  const { coll, created } = engine.ensureCollection(db, name);
  const before = coll.indexes.length + 1;
  let note: string | undefined;
  for (const spec of specs) {
    if (
      spec.name === "_id_" ||
      (Object.keys(spec.key).length === 1 && "_id" in spec.key && !spec.unique && !spec.partialFilterExpression)
    ) {
      note = "all indexes already exist";
      continue;
    }
    const sameName = coll.indexes.find((i) => i.spec.name === spec.name);
    const sameKey = coll.indexes.find(
      (i) =>
        encodeKey(i.spec.key) === encodeKey(spec.key) &&
        encodeKey(i.spec.partialFilterExpression ?? null) === encodeKey(spec.partialFilterExpression ?? null),
    );
    if (sameName) {
      if (encodeKey(sameName.spec.key) !== encodeKey(spec.key)) {
        throw new MongoError(
          86,
          "IndexKeySpecsConflict",
          `An existing index has the same name as the requested index. When index names are not specified, they are auto generated and can cause conflicts. Please refer to our documentation. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(sameName.spec)}`,
        );
      }
      if (!sameOptions(sameName.spec, spec)) {
        throw new MongoError(
          85,
          "IndexOptionsConflict",
          `An equivalent index already exists with the same name but different options. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(sameName.spec)}`,
        );
      }
      note = "all indexes already exist";
      continue;
    }
    if (sameKey) {
      if (sameOptions(sameKey.spec, spec)) {
        throw new MongoError(
          85,
          "IndexOptionsConflict",
          `Index already exists with a different name: ${sameKey.spec.name}`,
        );
      }
      throw new MongoError(
        85,
        "IndexOptionsConflict",
        `An equivalent index already exists with a different name and options. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(sameKey.spec)}`,
      );
    }
    const existingText = coll.textIndex;
    if (existingText && Object.values(spec.key).includes("text")) {
      throw new MongoError(
        85,
        "IndexOptionsConflict",
        `An equivalent index already exists with a different name and options: only one text index per collection is allowed, found existing text index with name: ${existingText.spec.name}`,
      );
    }
    try {
      coll.addIndex(spec);
    } catch (e: any) {
      if (e instanceof MongoError && e.code === 11000) {
        throw new MongoError(11000, "DuplicateKey", `Index build failed: ${e.message}`, e.extra);
      }
      throw e;
    }
    engine.log({ op: "ix", db, coll: coll.name, spec });
  }
  const out: Doc = {
    numIndexesBefore: before,
    numIndexesAfter: coll.indexes.length + 1,
    createdCollectionAutomatically: created,
    ok: 1,
  };
  if (note && out.numIndexesAfter === before) out.note = note;
  return out;
}

/** collMod: hide or unhide an index, change a TTL index's expireAfterSeconds; every other option is refused. */
export function cmd_collmod(engine: Engine, db: string, cmd: Doc) {
  const coll = engine.getCollection(db, cmd.collMod);
  if (!coll) throw new MongoError(26, "NamespaceNotFound", `ns does not exist: ${db}.${cmd.collMod}`);
  for (const opt of [
    "validator",
    "validationLevel",
    "validationAction",
    "viewOn",
    "pipeline",
    "expireAfterSeconds",
    "timeseries",
    "changeStreamPreAndPostImages",
    "clusteredIndex",
    "cappedSize",
    "cappedMax",
    "recordIdsReplicated",
  ]) {
    if (opt in cmd) throw notSupported(`collMod option '${opt}'`);
  }
  if (cmd.index === undefined) return { ok: 1 };
  const change = cmd.index;
  if (!isPlainObject(change)) throw new MongoError(14, "TypeMismatch", "collMod: 'index' must be an object");
  const ix = coll.indexes.find((i) =>
    typeof change.name === "string"
      ? i.spec.name === change.name
      : isPlainObject(change.keyPattern) && encodeKey(i.spec.key) === encodeKey(normKey(change.keyPattern)),
  );
  if (!ix)
    throw new MongoError(
      27,
      "IndexNotFound",
      `cannot find index ${typeof change.name === "string" ? change.name : JSON.stringify(change.keyPattern)} for ns ${coll.ns}`,
    );
  for (const k of Object.keys(change)) {
    if (!["name", "keyPattern", "hidden", "expireAfterSeconds"].includes(k))
      throw notSupported(`collMod index option '${k}'`);
  }
  const spec: IndexSpec = { ...ix.spec };
  const out: Doc = {};
  if ("hidden" in change) {
    out.hidden_old = !!ix.spec.hidden;
    out.hidden_new = !!change.hidden;
    if (change.hidden) spec.hidden = true;
    else delete spec.hidden;
  }
  if ("expireAfterSeconds" in change) {
    if (ix.spec.expireAfterSeconds === undefined)
      throw new MongoError(72, "InvalidOptions", "no expireAfterSeconds field to update");
    const secs = Number(change.expireAfterSeconds);
    if (!Number.isFinite(secs) || secs < 0)
      throw new MongoError(2, "BadValue", "expireAfterSeconds must be a number >= 0");
    out.expireAfterSeconds_old = ix.spec.expireAfterSeconds;
    out.expireAfterSeconds_new = secs;
    spec.expireAfterSeconds = secs;
  }
  coll.replaceIndex(ix.spec.name, spec);
  engine.log({ op: "dx", db, coll: coll.name, name: spec.name });
  engine.log({ op: "ix", db, coll: coll.name, spec });
  return { ...out, ok: 1 };
}

export function cmd_listindexes(engine: Engine, db: string, cmd: Doc) {
  const coll = engine.getCollection(db, cmd.listIndexes);
  if (!coll) throw new MongoError(26, "NamespaceNotFound", `ns does not exist: ${db}.${cmd.listIndexes}`);
  return cursorReply(engine, coll.ns, coll.indexSpecs(), cmd.cursor?.batchSize, false);
}

export function cmd_dropindexes(engine: Engine, db: string, cmd: Doc) {
  const coll = engine.getCollection(db, cmd.dropIndexes);
  if (!coll) throw new MongoError(26, "NamespaceNotFound", `ns not found ${db}.${cmd.dropIndexes}`);
  const nIndexesWas = coll.indexes.length + 1;
  const target = cmd.index;
  let names: string[];
  if (target === "*") names = coll.indexes.map((i) => i.spec.name);
  else if (typeof target === "string") names = [target];
  else if (Array.isArray(target)) names = target.map(String);
  else if (isPlainObject(target)) {
    const found = coll.indexes.find((i) => encodeKey(i.spec.key) === encodeKey(normKey(target)));
    if (!found) {
      if (encodeKey(normKey(target)) === encodeKey({ _id: 1 }))
        throw new MongoError(72, "InvalidOptions", "cannot drop _id index");
      throw new MongoError(27, "IndexNotFound", `can't find index with key: ${JSON.stringify(target)}`);
    }
    names = [found.spec.name];
  } else throw new MongoError(14, "TypeMismatch", "dropIndexes: 'index' must be a string, array or object");
  for (const n of names) {
    if (n === "_id_") throw new MongoError(72, "InvalidOptions", "cannot drop _id index");
    if (!coll.indexes.some((i) => i.spec.name === n))
      throw new MongoError(27, "IndexNotFound", `index not found with name [${n}]`);
  }
  for (const n of names) {
    coll.dropIndex(n);
    engine.log({ op: "dx", db, coll: coll.name, name: n });
  }
  return { nIndexesWas, ok: 1 };
}
