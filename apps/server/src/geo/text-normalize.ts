/**
 * Search keys that ignore case, accents and punctuation, so 'jorge chavez' finds 'Jorge Chávez' and
 * 'nuñez' finds 'Núñez' (Peruvian users often type without accents on phones).
 */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** 'Parque Kennedy' → 'parque-kennedy', for stable place ids. */
export function slugify(text: string): string {
  return normalizeText(text).replace(/ /g, '-');
}
