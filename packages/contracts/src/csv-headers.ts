/**
 * A CSV header row's names as an import reads them: trimmed, each once. A mapping names a column
 * by its header, so of two columns both named `Phone` only the last could be read and the first
 * was lost without a word (sweep five); the second is `Phone (2)`, the third `Phone (3)`. Shared
 * by the server's import and the browser's fix-up of rejected rows, which must read them alike.
 */
export function uniqueHeaders(cells: readonly string[]): string[] {
  const taken = new Set<string>();
  return cells.map((cell) => {
    const name = cell.trim();
    let unique = name;
    for (let n = 2; taken.has(unique); n++) unique = `${name} (${n})`;
    taken.add(unique);
    return unique;
  });
}
