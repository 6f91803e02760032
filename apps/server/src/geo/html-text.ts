const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  // Spanish letters, in case a proxy or an older API version escapes them.
  aacute: 'á',
  eacute: 'é',
  iacute: 'í',
  oacute: 'ó',
  uacute: 'ú',
  ntilde: 'ñ',
  uuml: 'ü',
  Aacute: 'Á',
  Eacute: 'É',
  Iacute: 'Í',
  Oacute: 'Ó',
  Uacute: 'Ú',
  Ntilde: 'Ñ',
};

/**
 * Google's step instructions are HTML ('Gira a la <b>derecha</b> hacia <b>Av. Arequipa</b><div …>Destino
 * a la izquierda</div>'). Jala sends plain text so the client never renders provider HTML.
 */
export function htmlToPlainText(html: string): string {
  return html
    .replace(/<div[^>]*>/gi, '. ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity: string, name: string) => {
      if (name.startsWith('#')) {
        const codePoint = /^#x/i.test(name) ? parseInt(name.slice(2), 16) : Number(name.slice(1));
        return codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : entity;
      }
      return ENTITIES[name] ?? entity;
    })
    .replace(/\s+/g, ' ')
    .replace(/\s+\./g, '.')
    .replace(/\.\s*\./g, '.')
    .trim();
}
