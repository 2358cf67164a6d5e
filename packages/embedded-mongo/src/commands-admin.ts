/**
 * Handshake, server and database administration commands (hello, buildInfo, listCollections, create, drop…). Each
 * takes the engine it runs on. Index management is commands-indexes.ts.
 */
import os from "node:os";
import { UUID } from "bson";
import { mingoOptions } from "./mingo-options.ts";
import { type Doc, MongoError, isPlainObject, notSupported } from "./values.ts";
import type { Engine } from "./engine.ts";
import {
  type ConnectionInfo,
  MAX_BSON_OBJECT_SIZE,
  assertFilter,
  checkCollation,
  compileQuery,
  helloReply,
  queryStats,
} from "./engine-shared.ts";
import { cursorReply, killCursorsFor } from "./commands-read.ts";

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
