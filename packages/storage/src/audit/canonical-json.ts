/**
 * RFC 8785 JSON Canonicalization Scheme (JCS): no whitespace, object members sorted by the UTF-16
 * code units of their names, numbers as ECMAScript's Number::toString, strings as ECMAScript's
 * JSON.stringify. Members whose value is `undefined` (or a function) are left out, as
 * JSON.stringify does, so a value and its JSON round trip canonicalise the same.
 */
export function canonicalJson(value: unknown): string {
  const out = serialize(value);
  if (out === undefined) throw new TypeError('A top-level undefined has no JSON form');
  return out;
}

/** member names repeat across events (candidateId, occurredAt…): their JSON form is kept */
const keyCache = new Map<string, string>();
function jsonKey(key: string): string {
  let out = keyCache.get(key);
  if (out === undefined) {
    out = JSON.stringify(key);
    if (keyCache.size > 10_000) keyCache.clear();
    keyCache.set(key, out);
  }
  return out;
}

export function serialize(value: unknown): string | undefined {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'string':
      return JSON.stringify(value);
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`${value} has no JSON form`);
      // ECMAScript Number::toString is exactly RFC 8785's number form (-0 becomes 0)
      return Object.is(value, -0) ? '0' : String(value);
    case 'bigint':
      throw new TypeError('BigInt has no JSON form');
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
  }
  const object = value as { toJSON?: () => unknown };
  if (typeof object.toJSON === 'function') return serialize(object.toJSON());
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i > 0 ? ',' : '') + (serialize(value[i]) ?? 'null');
    return out + ']';
  }
  const record = value as Record<string, unknown>;
  // the default sort compares UTF-16 code units, which is what RFC 8785 asks for
  const keys = Object.keys(record).sort();
  let out = '';
  for (const key of keys) {
    const member = serialize(record[key]);
    if (member === undefined) continue;
    out += (out ? ',' : '') + jsonKey(key) + ':' + member;
  }
  return '{' + out + '}';
}
