/** `%text%` for LIKE/ILIKE, with the text's own `\`, `%` and `_` escaped so a search for them finds them. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
