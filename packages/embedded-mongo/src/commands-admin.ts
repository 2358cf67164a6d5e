/**
 * Handshake, server and database administration commands (hello, buildInfo, listCollections, create, drop…) and
 * index management (createIndexes, listIndexes, dropIndexes). Each takes the engine it runs on.
 */
import os from "node:os";
import { UUID } from "bson";
import type { IndexSpec } from "./collection.js";
import { mingoOptions } from "./mingo-options.js";
import { type Doc, MongoError, encodeKey, isPlainObject, notSupported } from "./values.js";
import type { Engine } from "./engine.js";
import {
  type ConnectionInfo,
  MAX_BSON_OBJECT_SIZE,
  assertFilter,
  checkCollation,
  compileQuery,
  helloReply,
  indexNameFor,
  normKey,
  queryStats,
  sameOptions,
} from "./engine-shared.js";
import { cursorReply, killCursorsFor } from "./commands-read.js";

export function cmd_hello(engine: Engine, _db: string, cmd: Doc, conn: ConnectionInfo): Doc {
  return helloReply(cmd, conn.id);
}

export function cmd_ismaster(engine: Engine, db: string, cmd: Doc, conn: ConnectionInfo) {
  return cmd_hello(engine, db, cmd, conn);
}

export function cmd_ping(engine: Engine) {
  return { ok: 1 };
}

export function cmd_buildinfo(engine: Engine) {
  return {
    version: "7.0.0",
    gitVersion: "embedded",
    versionArray: [7, 0, 0, 0],
    bits: 64,
    debug: false,
    maxBsonObjectSize: MAX_BSON_OBJECT_SIZE,
    storageEngines: ["embedded"],
    javascriptEngine: "none",
    modules: [],
    ok: 1,
  };
}

export function cmd_getparameter(engine: Engine, _db: string, cmd: Doc) {
  const out: Doc = { ok: 1 };
  if (cmd.featureCompatibilityVersion) out.featureCompatibilityVersion = { version: "7.0" };
  for (const k of Object.keys(PARAMETERS)) if (cmd[k] || cmd.getParameter === "*") out[k] = PARAMETERS[k](engine);
  return out;
}

export function cmd_getlog(engine: Engine) {
  return { log: [], totalLinesWritten: 0, ok: 1 };
}

export function cmd_hostinfo(engine: Engine) {
  return {
    system: {
      currentTime: new Date(),
      hostname: os.hostname(),
      cpuAddrSize: 64,
      memSizeMB: Math.round(os.totalmem() / 1048576),
      numCores: os.cpus().length,
      cpuArch: os.arch(),
    },
    os: { type: os.type(), name: os.platform(), version: os.release() },
    extra: {},
    ok: 1,
  };
}

export function cmd_connectionstatus(engine: Engine) {
  return { authInfo: { authenticatedUsers: [], authenticatedUserRoles: [] }, ok: 1 };
}

export function cmd_whatsmyuri(engine: Engine, _db: string, _cmd: Doc, conn: ConnectionInfo) {
  return { you: conn.remote, ok: 1 };
}

export function cmd_endsessions(engine: Engine) {
  return { ok: 1 };
}

export function cmd_killallsessions(engine: Engine) {
  return { ok: 1 };
}

export function cmd_killsessions(engine: Engine) {
  return { ok: 1 };
}

export function cmd_refreshsessions(engine: Engine) {
  return { ok: 1 };
}

export function cmd_startsession(engine: Engine) {
  return { id: { id: new UUID() }, timeoutMinutes: 30, ok: 1 };
}

export function cmd_aborttransaction(engine: Engine): Doc {
  throw new MongoError(20, "IllegalOperation", "Transactions are not supported by the embedded MongoDB server");
}

export function cmd_committransaction(engine: Engine): Doc {
  throw new MongoError(20, "IllegalOperation", "Transactions are not supported by the embedded MongoDB server");
}

export function cmd_saslstart(engine: Engine): Doc {
  throw new MongoError(
    18,
    "AuthenticationFailed",
    "Authentication is not supported by the embedded MongoDB server (it has no users; connect without credentials)",
  );
}

export function cmd_authenticate(engine: Engine): Doc {
  return cmd_saslstart(engine);
}

export function cmd_serverstatus(engine: Engine) {
  let collections = 0;
  let objects = 0;
  for (const colls of engine.dbs.values()) {
    for (const c of colls.values()) {
      collections++;
      objects += c.docs.size;
    }
  }
  return {
    host: os.hostname(),
    version: "7.0.0",
    process: "embedded-mongo",
    pid: process.pid,
    uptime: Math.floor(process.uptime()),
    localTime: new Date(),
    connections: {},
    metrics: {
      queryExecutor: {
        scannedObjects: queryStats.examined,
        collectionScans: { total: engine.collectionScans, nonTailable: engine.collectionScans },
      },
      embedded: {
        collections,
        objects,
        openCursors: engine.cursors.size,
        collectionScans: engine.recentScans,
        documentsMatched: queryStats.matched,
      },
    },
    ok: 1,
  };
}

export function cmd_dbstats(engine: Engine, db: string) {
  const colls = engine.dbs.get(db);
  let objects = 0;
  let indexes = 0;
  for (const c of colls?.values() ?? []) {
    objects += c.docs.size;
    indexes += c.indexes.length + 1;
  }
  return {
    db,
    collections: colls?.size ?? 0,
    views: 0,
    objects,
    indexes,
    dataSize: 0,
    storageSize: 0,
    indexSize: 0,
    totalSize: 0,
    ok: 1,
  };
}

// ---------------------------------------------------------------- databases & collections

export function cmd_listdatabases(engine: Engine, _db: string, cmd: Doc) {
  const databases = Array.from(engine.dbs.keys())
    .sort()
    .map((name) => ({
      name,
      sizeOnDisk: 0,
      empty: !Array.from(engine.dbs.get(name)!.values()).some((c) => c.docs.size > 0),
    }));
  let list: Doc[] = databases;
  if (cmd.filter) list = list.filter((d) => compileQuery(assertFilter(cmd.filter), mingoOptions()).test(d));
  if (cmd.nameOnly) return { databases: list.map((d) => ({ name: d.name })), ok: 1 };
  return { databases: list, totalSize: 0, totalSizeMb: 0, ok: 1 };
}

export function cmd_listcollections(engine: Engine, db: string, cmd: Doc) {
  const colls = engine.dbs.get(db);
  let list: Doc[] = Array.from(colls?.values() ?? [])
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((c) => ({
      name: c.name,
      type: "collection",
      options: c.options,
      info: { readOnly: false },
      idIndex: { v: 2, key: { _id: 1 }, name: "_id_" },
    }));
  if (cmd.filter && Object.keys(cmd.filter).length) {
    const q = compileQuery(assertFilter(cmd.filter), mingoOptions());
    list = list.filter((d) => q.test(d));
  }
  if (cmd.nameOnly) list = list.map((d) => ({ name: d.name, type: d.type }));
  return cursorReply(engine, `${db}.$cmd.listCollections`, list, cmd.cursor?.batchSize, false);
}

export function cmd_create(engine: Engine, db: string, cmd: Doc) {
  const name = cmd.create;
  if (typeof name !== "string") throw new MongoError(2, "BadValue", "collection name must be a string");
  for (const opt of [
    "capped",
    "viewOn",
    "timeseries",
    "clusteredIndex",
    "changeStreamPreAndPostImages",
    "validator",
    "encryptedFields",
  ]) {
    if (cmd[opt] && !(opt === "validator" && isPlainObject(cmd[opt]) && Object.keys(cmd[opt]).length === 0))
      throw notSupported(
        `create option '${opt}' (a collection ${opt === "validator" ? "validator, $jsonSchema or query" : opt})`,
      );
  }
  checkCollation(cmd.collation);
  if (engine.getCollection(db, name)) {
    throw new MongoError(48, "NamespaceExists", `Collection ${db}.${name} already exists.`);
  }
  const options: Doc = {};
  for (const k of Object.keys(cmd)) {
    if (
      [
        "create",
        "$db",
        "lsid",
        "$clusterTime",
        "txnNumber",
        "writeConcern",
        "readConcern",
        "apiVersion",
        "apiStrict",
        "apiDeprecationErrors",
        "$readPreference",
        "comment",
      ].includes(k)
    )
      continue;
    options[k] = cmd[k];
  }
  engine.ensureCollection(db, name, options);
  return { ok: 1 };
}

export function cmd_drop(engine: Engine, db: string, cmd: Doc) {
  const coll = engine.getCollection(db, cmd.drop);
  if (!coll) throw new MongoError(26, "NamespaceNotFound", "ns not found");
  const nIndexesWas = coll.indexes.length + 1;
  engine.dbs.get(db)!.delete(coll.name);
  killCursorsFor(engine, coll.ns);
  engine.log({ op: "D", db, coll: coll.name });
  return { nIndexesWas, ns: coll.ns, ok: 1 };
}

export function cmd_dropdatabase(engine: Engine, db: string) {
  if (engine.dbs.has(db)) {
    for (const c of engine.dbs.get(db)!.values()) killCursorsFor(engine, c.ns);
    engine.dbs.delete(db);
    engine.log({ op: "X", db });
  }
  return { dropped: db, ok: 1 };
}

export function cmd_renamecollection(engine: Engine): Doc {
  throw notSupported("renameCollection");
}

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

const PARAMETERS: Record<string, (engine: Engine, v?: any) => any> = {
  ttlMonitorSleepSecs: (engine, v) => {
    if (v !== undefined) {
      const secs = Number(v);
      if (!Number.isInteger(secs) || secs < 1)
        throw new MongoError(2, "BadValue", "ttlMonitorSleepSecs must be a positive integer");
      engine.setTtlInterval(secs * 1000);
    }
    return Math.round(engine.ttlIntervalMs / 1000);
  },
};

/** setParameter: the server parameters the engine has (ttlMonitorSleepSecs); any other is refused as unknown. */
export function cmd_setparameter(engine: Engine, db: string, cmd: Doc) {
  if (db !== "admin")
    throw new MongoError(13, "Unauthorized", "setParameter may only be run against the admin database.");
  const out: Doc = {};
  for (const k of Object.keys(cmd)) {
    if (k === "setParameter" || k.startsWith("$") || k === "lsid" || k === "comment") continue;
    const p = PARAMETERS[k];
    if (!p)
      throw new MongoError(
        2,
        "BadValue",
        `attempted to set unrecognized parameter [${k}], use help:true to see options `,
      );
    out.was = p(engine);
    p(engine, cmd[k]);
  }
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

// ---------------------------------------------------------------- reads
