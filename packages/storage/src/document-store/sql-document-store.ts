import { scrubSqlDocuments, type ScrubNeedles } from './sql-scrub';
import { assertPrefix, qualifiedName, quoteIdent } from '../sql/identifiers';
import type { SqlClient } from '../sql/sql-client';
import {
  assertCollectionName,
  assertPaging,
  containsEntries,
  docKey,
  fieldPath,
  normalizeDefinition,
  projectedFields,
  searchTerms,
  whereEntries,
  type Operator,
} from './conditions';
import type {
  Collection,
  CollectionDefinition,
  CollectionIds,
  CollectionWrite,
  Doc,
  DocumentStore,
  FindOptions,
  Scalar,
  Where,
  WriteFence,
} from './port';
import { FenceMovedError } from './port';
import { FOLD_FROM, FOLD_TO, foldText } from './fold';

/**
 * The trigram (GIN) search indexes keep new entries in a pending list and merge it into the index
 * when it outgrows this limit (kB; PostgreSQL's default is 4 MB): with the default, about one
 * write in a hundred to a searchable collection paid a 30–35 ms merge inside its statement, which
 * on the embedded store blocks every other request for as long. A short list spreads that work
 * over many small merges (README, "Import speed").
 */
export const TRIGRAM_INDEX_OPTION = 'gin_pending_list_limit=256';

/** a bulk write (`upsertMany`, `insertMany`) sends at most this many documents per statement */
export const BULK_STATEMENT_DOCS = 1000;
/**
 * and at most about this many characters of JSON (a larger document goes alone): the database
 * holds a statement's whole parameter, its parsed JSON and the rows at once, and PGlite's
 * WebAssembly memory grows to the largest statement it ever ran and never shrinks. By count alone
 * a rebuild's flush sent its 200 job-health documents (a few hundred applications each at 200k
 * events) as one statement of several MB (README, B3: peak RSS).
 */
export const BULK_STATEMENT_CHARS = 1_000_000;

/** `[[key, doc], …]` as JSON texts of at most `maxDocs` documents and about `maxChars` characters each */
export function* bulkChunks(
  docs: readonly Doc[],
  maxDocs = BULK_STATEMENT_DOCS,
  maxChars = BULK_STATEMENT_CHARS,
): Generator<string, void, undefined> {
  let parts: string[] = [];
  let chars = 0;
  for (const doc of docs) {
    const part = JSON.stringify([docKey(doc.id), doc]);
    if (parts.length > 0 && (parts.length >= maxDocs || chars + part.length > maxChars)) {
      yield `[${parts.join(',')}]`;
      parts = [];
      chars = 0;
    }
    parts.push(part);
    chars += part.length + 1;
  }
  if (parts.length > 0) yield `[${parts.join(',')}]`;
}

export interface SqlDocumentStoreOptions {
  /** schema of the tables (default: resolved through search_path) */
  schema?: string;
  /** prefix of every table name, e.g. 'rm_' → rm_collections, rm_doc_candidates */
  tablePrefix?: string;
  /**
   * whether a bulk load may use UNLOGGED tables (default true). Only where a crash of the database
   * reliably empties them (PostgreSQL's recovery resets them from their init fork). Not on PGlite:
   * after a kill -9 of its process the next open has been seen to keep an unlogged table's rows
   * (some pages written before the crash, others not), which a resumed build would trust.
   */
  unloggedBulk?: boolean;
}

export interface SqlDocumentStore extends DocumentStore {
  /** creates the collection registry table if missing; idempotent */
  migrate(): Promise<void>;
  /** an erasure: replaces a person's data with "[erased]" in every document of every collection */
  scrubText(needles: ScrubNeedles): Promise<number>;
}

/**
 * The document-store port on PostgreSQL / PGlite JSONB: one table `<prefix>doc_<name>` per
 * collection (`id text primary key, doc jsonb`), and a registry table `<prefix>collections`
 * holding each collection's definition, so every process knows its search fields.
 *
 * Field paths are validated identifiers and appear in SQL as literals (so expression indexes
 * match the queries); every value is a bound parameter.
 */
export function createSqlDocumentStore(sql: SqlClient, options: SqlDocumentStoreOptions = {}): SqlDocumentStore {
  const prefix = assertPrefix(options.tablePrefix ?? '');
  if (prefix.length > 10) throw new TypeError('tablePrefix must be at most 10 characters');
  const names: Names = {
    schema: options.schema,
    registry: qualifiedName(options.schema, `${prefix}collections`),
    tableName: (collection) => `${prefix}doc_${assertCollectionName(collection)}`,
    table: (collection) => qualifiedName(options.schema, `${prefix}doc_${assertCollectionName(collection)}`),
    unloggedBulk: options.unloggedBulk ?? true,
  };
  const store = new SqlDocuments(sql, names, null);
  return Object.assign(store, {
    scrubText: (needles: ScrubNeedles) =>
      scrubSqlDocuments(sql, names.registry, names.table, needles, (where, params) => whereClause({ where }, null, params)),
    async migrate() {
      await sql.transaction(async (tx) => {
        await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`ats:docs:${names.registry}`]);
        await tx.query(`CREATE TABLE IF NOT EXISTS ${names.registry} (name text PRIMARY KEY, definition jsonb NOT NULL)`);
      });
    },
  });
}

interface Names {
  schema: string | undefined;
  registry: string;
  tableName(collection: string): string;
  table(collection: string): string;
  unloggedBulk: boolean;
}

class SqlDocuments implements DocumentStore {
  /**
   * Known definitions. On the root store: committed collections seen by this process. On a
   * transaction's store: changes made in the transaction (null = dropped), handed to the parent
   * on commit and forgotten on rollback.
   */
  private readonly known = new Map<string, CollectionDefinition | null>();

  /** on the root store: whether the database orders strings bytewise (see `bytewiseStrings`), once known */
  private bytewise: boolean | undefined;

  constructor(
    readonly sql: SqlClient,
    readonly names: Names,
    private readonly parent: SqlDocuments | null,
  ) {}

  /**
   * Whether the database's default collation orders text, and so jsonb strings, bytewise (C,
   * POSIX, C.UTF-8), checked by the collation's name and by comparisons that a linguistic
   * collation answers differently. Then a string range condition (`$gt`/`$lt`…, compared bytewise
   * like MongoDB) can also be written against the field's jsonb index: an indexed date range is
   * read through its index instead of every document (0.35 s at 500,000 documents).
   */
  async bytewiseStrings(): Promise<boolean> {
    const root = this.root();
    if (root.bytewise === undefined) {
      const { rows } = await this.sql.query<{ ok: boolean }>(BYTEWISE_PROBE);
      root.bytewise = rows[0]?.ok === true;
    }
    return root.bytewise;
  }

  private root(): SqlDocuments {
    return this.parent ? this.parent.root() : this;
  }

  private cached(name: string): CollectionDefinition | null | undefined {
    if (this.known.has(name)) return this.known.get(name);
    return this.parent?.cached(name);
  }

  private remember(name: string, definition: CollectionDefinition | null): void {
    // The root store only caches collections that exist: another process may create one later.
    if (definition === null && !this.parent) this.known.delete(name);
    else this.known.set(name, definition);
  }

  /** the collection's definition, or null when the collection does not exist */
  async definition(name: string): Promise<CollectionDefinition | null> {
    const cached = this.cached(name);
    if (cached !== undefined) return cached;
    const { rows } = await this.sql.query<{ definition: CollectionDefinition }>(
      `SELECT definition FROM ${this.names.registry} WHERE name = $1`,
      [name],
    );
    const definition = rows[0]?.definition ?? null;
    if (definition) this.remember(name, definition);
    return definition;
  }

  /** the definition, creating the collection first when it does not exist (writes create implicitly) */
  async definitionForWrite(name: string): Promise<CollectionDefinition> {
    const existing = await this.definition(name);
    if (existing) return existing;
    await this.create({ name }, false, false);
    const created = await this.definition(name);
    if (!created) throw new Error(`Collection ${name} could not be created`);
    return created;
  }

  /** serializes DDL on the collection tables across processes, until the transaction ends */
  private async lockDdl(tx: SqlClient): Promise<void> {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`ats:docs:${this.names.registry}`]);
  }

  private async create(definition: CollectionDefinition, replaceDefinition: boolean, bulkLoad: boolean): Promise<void> {
    const bulk = bulkLoad && this.names.unloggedBulk;
    const normalized = normalizeDefinition(definition);
    const tableName = this.names.tableName(normalized.name);
    const table = this.names.table(normalized.name);
    const trigram = (normalized.searchFields ?? []).length > 0 ? await this.trigramOpclass() : null;
    await this.sql.transaction(async (tx) => {
      await this.lockDdl(tx);
      // A bulk load writes no WAL for its rows (UNLOGGED); a crash of the database empties such a
      // table, so whoever bulk-loads keeps its progress in one too (the rebuild does).
      await tx.query(
        `CREATE ${bulk ? 'UNLOGGED ' : ''}TABLE IF NOT EXISTS ${table} (id text CONSTRAINT ${quoteIdent(`${tableName}_pkey`)} PRIMARY KEY, doc jsonb NOT NULL)`,
      );
      // The search text is a stored generated column: a search reads one short text per row
      // instead of picking fields out of the JSONB, and a trigram index over it serves ILIKE '%word%'.
      // (only when the definition is set: an implicit create by a write must not touch the columns)
      const column = replaceDefinition ? searchColumn(normalized) : null;
      const { rows: existing } = await tx.query<{ name: string }>(
        `SELECT attname AS name FROM pg_attribute WHERE attrelid = to_regclass($1) AND attnum > 0 AND NOT attisdropped AND attname LIKE 'search\\_%'`,
        [table],
      );
      // Every change to the table in one ALTER, before the indexes are built: each of these
      // rewrites the table (and rebuilds the indexes it has), so together they rewrite it once.
      const alterations: string[] = [];
      if (replaceDefinition) for (const { name } of existing) if (name !== column) alterations.push(`DROP COLUMN ${quoteIdent(name)}`);
      if (column && !existing.some((c) => c.name === column)) {
        await tx.query(SEARCH_TEXT_FUNCTION(this.names.schema));
        await tx.query(FOLD_FUNCTION(this.names.schema));
        alterations.push(
          `ADD COLUMN ${quoteIdent(column)} text GENERATED ALWAYS AS (${searchExpr(normalized.searchFields!, this.names.schema)}) STORED`,
        );
      }
      if (replaceDefinition && !bulk) {
        // a bulk-loaded table becomes durable with its full definition
        const { rows } = await tx.query(`SELECT 1 FROM pg_class WHERE oid = to_regclass($1) AND relpersistence = 'u'`, [table]);
        if (rows.length > 0) alterations.push('SET LOGGED');
      }
      if (alterations.length > 0) await tx.query(`ALTER TABLE ${table} ${alterations.join(', ')}`);
      for (const field of normalized.indexes ?? []) {
        const index = quoteIdent(`${tableName}_ix_${fnv1a(field)}`);
        await tx.query(`CREATE INDEX IF NOT EXISTS ${index} ON ${table} ((${jsonExpr(fieldPath(field))}))`);
      }
      for (const sortIndex of normalized.sortIndexes ?? []) {
        const columns = [
          ...(sortIndex.equal ?? []).map((field) => `(${jsonExpr(fieldPath(field))})`),
          ...sortIndex.sort.map(([field, direction]) => orderExpr(field, direction)),
          'id ASC',
        ];
        const index = quoteIdent(`${tableName}_sx_${fnv1a(columns.join(','))}`);
        await tx.query(`CREATE INDEX IF NOT EXISTS ${index} ON ${table} (${columns.join(', ')})`);
      }
      if (column && trigram) {
        const index = `${tableName}_tx_${column.slice(7)}`;
        await tx.query(
          `CREATE INDEX IF NOT EXISTS ${quoteIdent(index)} ON ${table} USING gin (${quoteIdent(column)} ${trigram}) WITH (${TRIGRAM_INDEX_OPTION})`,
        );
        // an index made before the option was: set it (a catalog change, the index stays as it is)
        const { rows: options } = await tx.query<{ options: string[] | null }>(
          `SELECT reloptions AS options FROM pg_class WHERE oid = to_regclass($1)`,
          [qualifiedName(this.names.schema, index)],
        );
        if (!(options[0]?.options ?? []).includes(TRIGRAM_INDEX_OPTION)) {
          await tx.query(`ALTER INDEX ${qualifiedName(this.names.schema, index)} SET (${TRIGRAM_INDEX_OPTION})`);
        }
      }
      await tx.query(
        `INSERT INTO ${this.names.registry} (name, definition) VALUES ($1, $2::text::jsonb)
         ON CONFLICT (name) DO ${replaceDefinition ? 'UPDATE SET definition = EXCLUDED.definition' : 'NOTHING'}`,
        [normalized.name, JSON.stringify(normalized)],
      );
    });
    // Re-read on the next use: with replaceDefinition=false another writer's definition may have won.
    if (replaceDefinition) this.remember(normalized.name, normalized);
    else this.known.delete(normalized.name);
  }

  /**
   * The trigram operator class (pg_trgm, installed in schema public when missing), or null when
   * the extension is not available: search then still works, by scanning.
   */
  private async trigramOpclass(): Promise<string | null> {
    const find = async () => {
      const { rows } = await this.sql.query<{ schema: string }>(
        `SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`,
      );
      return rows[0] ? `${quoteIdent(rows[0].schema)}.gin_trgm_ops` : null;
    };
    try {
      const existing = await find();
      if (existing) return existing;
      await this.sql.query('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public');
    } catch {
      // no permission, not installed on the server, or a concurrent CREATE EXTENSION: look again
    }
    try {
      return await find();
    } catch {
      return null;
    }
  }

  ensureCollection(definition: CollectionDefinition, options: { bulk?: boolean } = {}): Promise<void> {
    return this.create(definition, true, options.bulk ?? false);
  }

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    return new SqlCollection<T>(this, assertCollectionName(name));
  }

  async dropCollection(name: string): Promise<void> {
    assertCollectionName(name);
    await this.sql.transaction(async (tx) => {
      await this.lockDdl(tx);
      await tx.query(`DROP TABLE IF EXISTS ${this.names.table(name)}`);
      await tx.query(`DELETE FROM ${this.names.registry} WHERE name = $1`, [name]);
    });
    this.remember(name, null);
  }

  async swapCollection(source: string, target: string): Promise<void> {
    assertCollectionName(source);
    assertCollectionName(target);
    if (source === target) return;
    const sourceTable = this.names.tableName(source);
    const targetTable = this.names.tableName(target);
    const definition = await this.sql.transaction(async (tx) => {
      await this.lockDdl(tx);
      const { rows } = await tx.query<{ definition: CollectionDefinition }>(
        `SELECT definition FROM ${this.names.registry} WHERE name = $1`,
        [source],
      );
      const sourceDefinition = rows[0]?.definition;
      if (!sourceDefinition) throw new Error(`Cannot swap: collection ${source} does not exist`);
      await tx.query(`DROP TABLE IF EXISTS ${this.names.table(target)}`);
      await tx.query(`ALTER TABLE ${this.names.table(source)} RENAME TO ${quoteIdent(targetTable)}`);
      // Index names embed the table name; rename them so ensureCollection(source) can recreate them.
      const indexes = await tx.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = to_regclass($1)`,
        [this.names.table(target)],
      );
      for (const { name } of indexes.rows) {
        if (!name.startsWith(`${sourceTable}_`)) continue;
        const renamed = `${targetTable}${name.slice(sourceTable.length)}`;
        await tx.query(`ALTER INDEX ${qualifiedName(this.names.schema, name)} RENAME TO ${quoteIdent(renamed)}`);
      }
      const targetDefinition: CollectionDefinition = { ...sourceDefinition, name: target };
      await tx.query(`DELETE FROM ${this.names.registry} WHERE name = $1`, [target]);
      await tx.query(`UPDATE ${this.names.registry} SET name = $1, definition = $2::text::jsonb WHERE name = $3`, [
        target,
        JSON.stringify(targetDefinition),
        source,
      ]);
      return targetDefinition;
    });
    this.remember(source, null);
    this.remember(target, definition);
  }

  async transaction<R>(fn: (tx: DocumentStore) => Promise<R>): Promise<R> {
    let child: SqlDocuments | undefined;
    const result = await this.sql.transaction((tx) => {
      child = new SqlDocuments(tx, this.names, this);
      return fn(child);
    });
    if (child) for (const [name, definition] of child.known) this.remember(name, definition);
    return result;
  }

  async close(): Promise<void> {
    // The SqlClient belongs to the caller (openStorage closes it).
  }

  /** One statement: a UNION ALL of one `id = ANY($n)` per collection; collections that do not exist are left out. */
  async getAcross(wanted: readonly CollectionIds[]): Promise<Map<string, Doc[]>> {
    const found = new Map<string, Doc[]>();
    const slots: string[] = [];
    const parts: string[] = [];
    const params: unknown[] = [];
    for (const { collection, ids } of wanted) {
      assertCollectionName(collection);
      const keys = ids.map(docKey);
      if (keys.length === 0 || !(await this.definition(collection))) continue;
      if (!found.has(collection)) found.set(collection, []);
      parts.push(`SELECT ${slots.length} AS c, doc FROM ${this.names.table(collection)} WHERE id = ANY(${param(params, keys)}::text[])`);
      slots.push(collection);
    }
    if (parts.length === 0) return found;
    const { rows } = await this.sql.query<{ c: number | string; doc: Doc }>(parts.join(' UNION ALL '), params, { prepare: true });
    for (const row of rows) found.get(slots[Number(row.c)]!)!.push(row.doc);
    return found;
  }

  /**
   * One statement (atomic on its own, no transaction needed): one data-modifying CTE per
   * collection's upserts and one per its deletions, all reading one JSON parameter. Collections
   * are created when missing, like `upsert` does.
   */
  async writeAcross(writes: readonly CollectionWrite[], options: { fence?: WriteFence } = {}): Promise<void> {
    // one upsert and one delete per table: two CTEs touching the same row would be undefined
    const merged = new Map<string, { upserts: Map<string, Doc>; deletes: Set<string> }>();
    for (const { collection, upserts, deletes } of writes) {
      assertCollectionName(collection);
      let entry = merged.get(collection);
      if (!entry) merged.set(collection, (entry = { upserts: new Map(), deletes: new Set() }));
      // the last of one id wins, as upserts in a row would
      for (const doc of upserts) entry.upserts.set(docKey(doc.id), doc);
      for (const id of deletes) entry.deletes.add(docKey(id));
    }
    const payload: unknown[] = [];
    const ctes: string[] = [];
    const params: unknown[] = [];
    // the fence: a CTE that yields one row while the fence document is what the writer read, and
    // locks it (FOR SHARE) so a scrub that rewrites it waits for this statement, or this statement
    // for the scrub's commit, after which the row is checked again and no longer matches
    let guard = '';
    const fence = options.fence;
    if (fence) {
      if (await this.definition(fence.collection)) {
        params.push(docKey(fence.id));
        const fenceTable = this.names.table(fence.collection);
        if (fence.doc) {
          params.push(JSON.stringify(fence.doc));
          // PGlite is one connection whose transactions are exclusive: a statement never runs
          // inside a scrub's transaction, so the comparison alone decides and no lock is written
          const lock = this.sql.dialect === 'postgres' ? ' FOR SHARE' : '';
          ctes.push(`g AS (SELECT 1 FROM ${fenceTable} WHERE id = $2 AND doc = $3::text::jsonb${lock})`);
        } else {
          ctes.push(`g AS (SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM ${fenceTable} WHERE id = $2))`);
        }
        guard = ' AND EXISTS (SELECT 1 FROM g)';
      } else if (fence.doc) {
        throw new FenceMovedError(fence);
      }
    }
    const guarded = ctes.length;
    for (const [collection, { upserts, deletes }] of merged) {
      for (const key of deletes) if (upserts.has(key)) throw new Error(`writeAcross: ${collection}/${key} is both upserted and deleted`);
      if (upserts.size === 0 && deletes.size === 0) continue;
      await this.definitionForWrite(collection);
      const table = this.names.table(collection);
      if (upserts.size > 0) {
        payload.push([...upserts]);
        ctes.push(
          `w${ctes.length} AS (INSERT INTO ${table} (id, doc) SELECT e ->> 0, e -> 1 FROM jsonb_array_elements((SELECT j -> ${payload.length - 1} FROM b)) AS u(e) WHERE true${guard} ON CONFLICT (id) DO UPDATE SET doc = EXCLUDED.doc)`,
        );
      }
      if (deletes.size > 0) {
        payload.push([...deletes]);
        ctes.push(
          `w${ctes.length} AS (DELETE FROM ${table} WHERE id IN (SELECT jsonb_array_elements_text(j -> ${payload.length - 1}) FROM b)${guard})`,
        );
      }
    }
    if (ctes.length === guarded) return;
    if (!guard) {
      await this.sql.query(`WITH b AS (SELECT $1::text::jsonb AS j), ${ctes.join(', ')} SELECT 1`, [JSON.stringify(payload)], {
        prepare: true,
      });
      return;
    }
    const { rows } = await this.sql.query<{ fenced: number }>(
      `WITH b AS (SELECT $1::text::jsonb AS j), ${ctes.join(', ')} SELECT (SELECT count(*) FROM g)::int AS fenced`,
      [JSON.stringify(payload), ...params],
      { prepare: true },
    );
    if (!rows[0]?.fenced) throw new FenceMovedError(fence!);
  }
}

class SqlCollection<T extends Doc> implements Collection<T> {
  private readonly table: string;

  constructor(
    private readonly store: SqlDocuments,
    readonly name: string,
  ) {
    this.table = store.names.table(name);
  }

  private get sql(): SqlClient {
    return this.store.sql;
  }

  async get(id: T['id']): Promise<T | null> {
    const key = docKey(id);
    if (!(await this.store.definition(this.name))) return null;
    const { rows } = await this.sql.query<{ doc: T }>(`SELECT doc FROM ${this.table} WHERE id = $1`, [key]);
    return rows[0]?.doc ?? null;
  }

  async getMany(ids: ReadonlyArray<T['id']>, options?: Pick<FindOptions, 'fields'>): Promise<T[]> {
    const keys = ids.map(docKey);
    const select = selection<T>(options);
    if (keys.length === 0 || !(await this.store.definition(this.name))) return [];
    const { rows } = await this.sql.query<Record<string, unknown> & { id: string }>(
      `SELECT id, ${select.columns} FROM ${this.table} WHERE id = ANY($1::text[])`,
      [keys],
    );
    const byId = new Map(rows.map((row) => [row.id, select.decode(row)]));
    return keys.flatMap((key) => {
      const doc = byId.get(key);
      return doc ? [doc] : [];
    });
  }

  async find(options: FindOptions = {}): Promise<T[]> {
    assertPaging(options);
    const definition = await this.store.definition(this.name);
    const params: unknown[] = [];
    const select = selection<T>(options);
    let where = whereClause(options, definition, params, await this.store.bytewiseStrings());
    if (!definition) return [];
    if (options.after !== undefined) where = `(${where}) AND id > ${param(params, docKey(options.after))}`;
    const order = (options.sort ?? []).map(([field, direction]) => orderExpr(field, direction));
    order.push('id ASC');
    let query = `SELECT ${select.columns} FROM ${this.table} WHERE ${where} ORDER BY ${order.join(', ')}`;
    if (options.limit !== undefined) query += ` LIMIT ${param(params, options.limit)}`;
    if (options.offset) query += ` OFFSET ${param(params, options.offset)}`;
    const { rows } = await this.sql.query<Record<string, unknown>>(query, params);
    return rows.map(select.decode);
  }

  async count(options: Pick<FindOptions, 'where' | 'search' | 'contains' | 'ids'> = {}): Promise<number> {
    const definition = await this.store.definition(this.name);
    const params: unknown[] = [];
    const where = whereClause(options, definition, params, await this.store.bytewiseStrings());
    if (!definition) return 0;
    const { rows } = await this.sql.query<{ count: number | string }>(`SELECT count(*) AS count FROM ${this.table} WHERE ${where}`, params);
    return Number(rows[0]?.count ?? 0);
  }

  async countBy(field: string, options: Pick<FindOptions, 'where' | 'search' | 'contains'> = {}): Promise<Record<string, number>> {
    const path = fieldPath(field);
    const definition = await this.store.definition(this.name);
    const params: unknown[] = [];
    const where = whereClause(options, definition, params, await this.store.bytewiseStrings());
    if (!definition) return {};
    const { rows } = await this.sql.query<{ value: string | null; count: number | string }>(
      `SELECT ${textExpr(path)} AS value, count(*) AS count FROM ${this.table} WHERE ${where} GROUP BY 1`,
      params,
    );
    const counts: Record<string, number> = {};
    for (const row of rows) {
      const key = row.value ?? 'null';
      counts[key] = (counts[key] ?? 0) + Number(row.count);
    }
    return counts;
  }

  async upsert(doc: T): Promise<void> {
    const key = docKey(doc.id);
    await this.store.definitionForWrite(this.name);
    await this.sql.query(
      `INSERT INTO ${this.table} (id, doc) VALUES ($1, $2::text::jsonb) ON CONFLICT (id) DO UPDATE SET doc = EXCLUDED.doc`,
      [key, JSON.stringify(doc)],
    );
  }

  /** One statement per 1000 documents instead of one per document (projection batches, rebuilds). */
  async upsertMany(docs: readonly T[]): Promise<void> {
    if (docs.length === 0) return;
    await this.store.definitionForWrite(this.name);
    // the same key twice in one statement is an error in SQL: keep the last, as upserts in a row would
    const byKey = new Map<string, T>();
    for (const doc of docs) byKey.set(docKey(doc.id), doc);
    const unique = [...byKey.values()];
    // One JSON parameter `[[key, doc], …]`: a third cheaper per document than two text arrays (no
    // array-literal escaping of every quote in every document, one parse), on PostgreSQL and PGlite.
    for (const chunk of bulkChunks(unique)) {
      await this.sql.query(
        `INSERT INTO ${this.table} (id, doc) SELECT e ->> 0, e -> 1 FROM jsonb_array_elements($1::text::jsonb) AS u(e) ON CONFLICT (id) DO UPDATE SET doc = EXCLUDED.doc`,
        [chunk],
      );
    }
  }

  /** `upsertMany` without the conflict check, for documents known to be new (a rebuild's bulk load) */
  async insertMany(docs: readonly T[]): Promise<void> {
    if (docs.length === 0) return;
    await this.store.definitionForWrite(this.name);
    for (const chunk of bulkChunks(docs)) {
      await this.sql.query(
        `INSERT INTO ${this.table} (id, doc) SELECT e ->> 0, e -> 1 FROM jsonb_array_elements($1::text::jsonb) AS u(e)`,
        [chunk],
      );
    }
  }

  async patch(id: T['id'], fields: Partial<T>): Promise<T | null> {
    const key = docKey(id);
    if (!(await this.store.definition(this.name))) return null;
    const { id: _ignored, ...rest } = fields;
    const { rows } = await this.sql.query<{ doc: T }>(`UPDATE ${this.table} SET doc = doc || $2::text::jsonb WHERE id = $1 RETURNING doc`, [
      key,
      JSON.stringify(rest),
    ]);
    return rows[0]?.doc ?? null;
  }

  async delete(id: T['id']): Promise<boolean> {
    const key = docKey(id);
    if (!(await this.store.definition(this.name))) return false;
    const { rows } = await this.sql.query(`DELETE FROM ${this.table} WHERE id = $1 RETURNING id`, [key]);
    return rows.length > 0;
  }

  async deleteMany(where?: Where): Promise<number> {
    const definition = await this.store.definition(this.name);
    const params: unknown[] = [];
    const condition = whereClause({ where }, definition, params, await this.store.bytewiseStrings());
    if (!definition) return 0;
    const { rows } = await this.sql.query<{ count: number | string }>(
      `WITH deleted AS (DELETE FROM ${this.table} WHERE ${condition} RETURNING 1) SELECT count(*) AS count FROM deleted`,
      params,
    );
    return Number(rows[0]?.count ?? 0);
  }
}

function param(params: unknown[], value: unknown): string {
  params.push(value);
  return `$${params.length}`;
}

function jsonParam(params: unknown[], value: unknown): string {
  return `${param(params, JSON.stringify(value))}::text::jsonb`;
}

/** `doc -> 'a'` or `doc #> '{a,b}'`; segments are validated identifiers, so the literal is safe. */
function jsonExpr(path: readonly string[]): string {
  return path.length === 1 ? `doc -> '${path[0]}'` : `doc #> '{${path.join(',')}}'`;
}

/** Like MongoDB: null and missing are equal and sort first ascending. Sort indexes use the same expression. */
function orderExpr(field: string, direction: 'asc' | 'desc'): string {
  if (direction !== 'asc' && direction !== 'desc') throw new TypeError(`Invalid sort direction: ${String(direction)}`);
  const expr = `NULLIF(${jsonExpr(fieldPath(field))}, 'null'::jsonb)`;
  return `${expr} ${direction === 'asc' ? 'ASC NULLS FIRST' : 'DESC NULLS LAST'}`;
}

/**
 * The select list for whole documents (`doc`) or only the projected top-level fields, each as
 * its JSON text (SQL NULL = absent, 'null' = null), and how to turn a row back into a document.
 */
function selection<T>(options: Pick<FindOptions, 'fields'> | undefined): { columns: string; decode(row: Record<string, unknown>): T } {
  const fields = projectedFields(options);
  if (!fields) return { columns: 'doc', decode: (row) => row.doc as T };
  return {
    columns: fields.map((field, i) => `(doc -> '${field}')::text AS f${i}`).join(', '),
    decode(row) {
      const doc: Record<string, unknown> = {};
      fields.forEach((field, i) => {
        const text = row[`f${i}`];
        if (typeof text === 'string') doc[field] = JSON.parse(text);
      });
      return doc as T;
    },
  };
}

/**
 * The generated search column of a definition with search fields ('search_<hash>'). The hash
 * covers the version of the text expression too: a changed expression is a new column, and
 * ensureCollection swaps the old one out.
 */
function searchColumn(definition: CollectionDefinition): string | null {
  const fields = definition.searchFields ?? [];
  return fields.length > 0 ? `search_${fnv1a(`${SEARCH_TEXT_VERSION}:${fields.join(',')}`)}` : null;
}

/**
 * v2: array fields as their elements' text (v1 took the JSON text, so `[` or `"` matched every row);
 * v3: accents folded (`fold.ts`), so 'jose' finds 'José' and 'josé' finds 'Jose';
 * v4: the same text, about 5 times cheaper to compute on every write: `translate` only runs on text
 * with a non-ASCII character (every folded letter is one) and a string field is read directly
 */
const SEARCH_TEXT_VERSION = 4;

/**
 * The text a field contributes to search: a string as itself, an array as its elements' text
 * one per line, never JSON syntax. A function because a generated column cannot hold the
 * subquery; IMMUTABLE is true (it reads nothing but its argument).
 */
const SEARCH_TEXT_FUNCTION = (
  schema: string | undefined,
) => `CREATE OR REPLACE FUNCTION ${qualifiedName(schema, 'ats_search_text')}(value jsonb)
  RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
    SELECT CASE jsonb_typeof(value)
      WHEN 'array' THEN (SELECT string_agg(element #>> '{}', E'\\n') FROM jsonb_array_elements(value) AS element)
      ELSE value #>> '{}'
    END
  $fn$`;

/**
 * `translate(value, FOLD_FROM, FOLD_TO)` (accent folding), skipped for text it would leave as it
 * is: pure ASCII (every letter of FOLD_FROM is non-ASCII), or text with no letter of FOLD_FROM
 * (a bracket expression of them: one pass over the text). translate looks every character up in
 * FOLD_FROM, which made it most of the cost of writing a document with search fields; text with a
 * non-ASCII character that is no such letter (the audit subjects' ' · ' separator in every row)
 * paid it in full: the generated column of 10k audit subjects took 650–690 ms of CPU with
 * translate, 46–117 ms with the check (PGlite). A function so the long argument is computed once.
 */
if ([...FOLD_FROM].some((c) => c.charCodeAt(0) < 128))
  throw new Error('FOLD_FROM must hold only non-ASCII letters (it is a regex bracket expression)');
const FOLD_FUNCTION = (schema: string | undefined) => `CREATE OR REPLACE FUNCTION ${qualifiedName(schema, 'ats_fold')}(value text)
  RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
    SELECT CASE WHEN octet_length(value) = char_length(value) OR value !~ '[${FOLD_FROM}]' THEN value
      ELSE translate(value, '${FOLD_FROM}', '${FOLD_TO}') END
  $fn$`;

/**
 * All search fields as one text, a newline between fields: a search word (never containing
 * whitespace) matches it exactly when it matches one of the fields. The trigram index is built
 * on this same expression. Arrays (skills) take part as their elements' text (`ats_search_text`);
 * any other value is its text, read directly (what that function returns for it, without the call).
 */
function searchExpr(fields: readonly string[], schema: string | undefined): string {
  const text = qualifiedName(schema, 'ats_search_text');
  const joined = fields
    .map((field) => {
      const value = jsonExpr(fieldPath(field));
      return `COALESCE(CASE jsonb_typeof(${value}) WHEN 'array' THEN ${text}(${value}) ELSE ${value} #>> '{}' END, '')`;
    })
    .join(` || E'\\n' || `);
  return `${qualifiedName(schema, 'ats_fold')}(${joined})`;
}

function textExpr(path: readonly string[]): string {
  return path.length === 1 ? `doc ->> '${path[0]}'` : `doc #>> '{${path.join(',')}}'`;
}

/** '%text%' with LIKE's wildcards taken literally */
function likePattern(params: unknown[], text: string): string {
  return param(params, `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

function whereClause(
  options: Pick<FindOptions, 'where' | 'search' | 'contains' | 'ids'>,
  definition: CollectionDefinition | null,
  params: unknown[],
  bytewise = false,
): string {
  const clauses: string[] = [];
  // by the primary key first: a few ids are found by it whatever the other conditions
  if (options.ids !== undefined) clauses.push(`id = ANY(${param(params, options.ids.map(docKey))}::text[])`);
  for (const [path, , ops] of whereEntries(options.where)) {
    for (const operator of ops) clauses.push(operatorSql(jsonExpr(path), textExpr(path), operator, params, bytewise));
  }
  for (const [path, , substrings] of containsEntries(options)) {
    for (const substring of substrings) clauses.push(`${textExpr(path)} ILIKE ${likePattern(params, substring)}`);
  }
  const terms = searchTerms(options);
  if (terms.length > 0) {
    const fields = definition?.searchFields ?? [];
    if (fields.length === 0) {
      clauses.push('FALSE');
    } else {
      const text = quoteIdent(searchColumn(definition!)!);
      for (const term of terms) {
        clauses.push(`${text} ILIKE ${likePattern(params, foldText(term))}`);
      }
    }
  }
  return clauses.length > 0 ? clauses.join(' AND ') : 'TRUE';
}

const isNullJson = (expr: string) => `(${expr} IS NULL OR ${expr} = 'null'::jsonb)`;

function operatorSql(expr: string, text: string, operator: Operator, params: unknown[], bytewise: boolean): string {
  switch (operator.op) {
    case 'eq':
      // null matches a null or missing field, like MongoDB
      return operator.value === null ? isNullJson(expr) : `${expr} = ${jsonParam(params, operator.value)}`;
    case 'ne':
      return operator.value === null
        ? `(${expr} IS NOT NULL AND ${expr} <> 'null'::jsonb)`
        : `(${expr} IS NULL OR ${expr} <> ${jsonParam(params, operator.value)})`;
    case 'in': {
      const values = operator.values.filter((value) => value !== null);
      const parts: string[] = [];
      if (values.length > 0) parts.push(`${expr} IN (${values.map((value) => jsonParam(params, value)).join(', ')})`);
      if (values.length < operator.values.length) parts.push(isNullJson(expr));
      return parts.length > 0 ? `(${parts.join(' OR ')})` : 'FALSE';
    }
    case 'nin': {
      const values = operator.values.filter((value) => value !== null);
      const excludesNull = values.length < operator.values.length;
      const notIn = values.length > 0 ? `${expr} NOT IN (${values.map((value) => jsonParam(params, value)).join(', ')})` : 'TRUE';
      return excludesNull ? `(${expr} IS NOT NULL AND ${expr} <> 'null'::jsonb AND ${notIn})` : `(${expr} IS NULL OR ${notIn})`;
    }
    case 'exists':
      return operator.value ? `${expr} IS NOT NULL` : `${expr} IS NULL`;
    case 'contains':
      return `${expr} @> ${jsonParam(params, [operator.value])}`;
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return comparisonSql(expr, text, operator.op, operator.value, params, bytewise);
  }
}

const SQL_OPERATORS = { gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

/** Compares only values of the same JSON type (numbers numerically, strings bytewise), like MongoDB. */
function comparisonSql(
  expr: string,
  text: string,
  op: keyof typeof SQL_OPERATORS,
  value: Scalar,
  params: unknown[],
  bytewise: boolean,
): string {
  const sqlOp = SQL_OPERATORS[op];
  if (value === null) return op === 'gte' || op === 'lte' ? isNullJson(expr) : 'FALSE';
  if (typeof value === 'number') {
    return `(CASE WHEN jsonb_typeof(${expr}) = 'number' THEN (${expr})::numeric END) ${sqlOp} ${param(params, String(value))}::numeric`;
  }
  if (typeof value === 'boolean') {
    return `(CASE WHEN jsonb_typeof(${expr}) = 'boolean' THEN (${expr})::boolean END) ${sqlOp} ${param(params, String(value))}::boolean`;
  }
  const exact = `(CASE WHEN jsonb_typeof(${expr}) = 'string' THEN ${text} END) COLLATE "C" ${sqlOp} ${param(params, value)}::text`;
  // the same condition on the jsonb value, which its index serves (jsonb orders strings by the database's collation, bytewise here)
  return bytewise ? `(${expr} ${sqlOp} ${jsonParam(params, value)} AND ${exact})` : exact;
}

/** true when the database's collation is bytewise (see `SqlDocuments.bytewiseStrings`) */
const BYTEWISE_PROBE = `SELECT datcollate IN ('C', 'POSIX', 'C.UTF-8', 'C.utf8')
  AND '"a"'::jsonb > '"B"'::jsonb AND '"é"'::jsonb > '"z"'::jsonb AND '"a-b"'::jsonb < '"a_b"'::jsonb
  AND '"a b"'::jsonb < '"a-b"'::jsonb AND '"aa"'::jsonb < '"b"'::jsonb AS ok
  FROM pg_database WHERE datname = current_database()`;

/** short stable hash for index names */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}
