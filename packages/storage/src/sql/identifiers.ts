const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Double-quotes an identifier after checking it is a plain one (letters, digits, underscores). */
export function quoteIdent(name: string): string {
  if (!IDENTIFIER.test(name) || name.length > 63) throw new Error(`Invalid SQL identifier: ${JSON.stringify(name)}`);
  return `"${name}"`;
}

/** `"schema"."name"` or `"name"` (resolved through search_path). */
export function qualifiedName(schema: string | undefined, name: string): string {
  return schema === undefined ? quoteIdent(name) : `${quoteIdent(schema)}.${quoteIdent(name)}`;
}

export function assertPrefix(prefix: string): string {
  if (prefix !== '' && !IDENTIFIER.test(prefix)) throw new Error(`Invalid table prefix: ${JSON.stringify(prefix)}`);
  return prefix;
}
