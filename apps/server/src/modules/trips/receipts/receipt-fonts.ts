/**
 * The fonts the receipt PDF embeds, and which of them draws each character.
 *
 * pdfkit's standard fonts only encode WinAnsi, so a name or an address in Arabic, Hebrew, Cyrillic, … (or with
 * an emoji) came out as mojibake. The receipt embeds Noto fonts shipped as npm packages instead (OFL-1.1;
 * pdfkit embeds only the glyphs a document uses): Noto Sans for Latin, Greek and Cyrillic, Noto Naskh Arabic
 * and Noto Sans Hebrew for those scripts. A character none of them draws (an emoji, CJK, Thai, …) becomes
 * U+FFFD "�", which Noto Sans draws: a visible "something was here", never a wrong letter or an empty gap.
 * (CJK is left out on purpose: the npm packages of Noto Sans CJK weigh 40–76 MB, for a rare receipt.)
 *
 * The font files are read once per process, on the first receipt, from node_modules: npm packages stay
 * external in the production bundle (scripts/bundle.mjs), so the same resolution works there.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

import type * as Fontkit from 'fontkit';

// The CommonJS fontkit that pdfkit itself loads: one copy in memory, and font objects pdfkit can take.
const fontkit = createRequire(import.meta.url)('fontkit') as typeof Fontkit;

export type Weight = 'regular' | 'bold';

/** One embedded font file: the name a document registers it under, its bytes, and fontkit's view for coverage. */
export interface Face {
  name: string;
  bytes: Buffer;
  font: Fontkit.Font;
}

/** Shown for a character no embedded font has. */
export const PLACEHOLDER = '\uFFFD';

/** In order of preference: the first face that has a character draws it. The first one also draws the placeholder. */
const FAMILIES = [
  { pkg: '@embedpdf/fonts-latin', regular: 'NotoSans-Regular.ttf', bold: 'NotoSans-Bold.ttf' },
  { pkg: '@embedpdf/fonts-arabic', regular: 'NotoNaskhArabic-Regular.ttf', bold: 'NotoNaskhArabic-Bold.ttf' },
  { pkg: '@embedpdf/fonts-hebrew', regular: 'NotoSansHebrew-Regular.ttf', bold: 'NotoSansHebrew-Bold.ttf' },
] as const;

/** The part of pdfkit's document the receipt draws with. */
export type Doc = PDFKit.PDFDocument;

function loadFace(pkg: string, file: string): Face {
  // The packages export only their index (dist/index.*); the .ttf files sit in fonts/ beside dist/.
  const entry = createRequire(import.meta.url).resolve(pkg);
  const bytes = readFileSync(join(dirname(entry), '..', 'fonts', file));
  const font = fontkit.create(bytes);
  if (!('hasGlyphForCodePoint' in font)) throw new Error(`${pkg}/${file} is a font collection, not a font`);
  return { name: font.postscriptName, bytes, font };
}

let faces: Record<Weight, Face[]> | undefined;

/** The faces of a weight, in order of preference; loaded on first use and kept for the life of the process. */
export function receiptFaces(weight: Weight): Face[] {
  faces ??= {
    regular: FAMILIES.map((f) => loadFace(f.pkg, f.regular)),
    bold: FAMILIES.map((f) => loadFace(f.pkg, f.bold)),
  };
  return faces[weight];
}

/** Registers every embedded face with the document; pdfkit embeds only those it draws, subset. */
export function useReceiptFonts(doc: Doc): void {
  for (const face of [...receiptFaces('regular'), ...receiptFaces('bold')]) doc.registerFont(face.name, face.bytes);
}

/** pdfkit's embedded font (not in its public types): the fontkit font it lays out with, and its glyph subset. */
interface PdfkitEmbeddedFont {
  font?: { postscriptName?: string };
  subset?: unknown;
  widths?: unknown[];
}

/**
 * Makes `face` the document's current font. pdfkit parses the font bytes anew for every document, and
 * fontkit's first layout with Noto Sans decodes its large GSUB/GPOS tables (~80 ms per weight, per receipt),
 * so pdfkit's fresh font object is handed the process's already parsed one (same bytes) before it measures or
 * draws anything. Should pdfkit's internals change, the check fails and pdfkit's own object is kept: slower,
 * never wrong.
 */
export function selectFace(doc: Doc, face: Face, size: number): void {
  doc.font(face.name).fontSize(size);
  const current = (doc as unknown as { _font?: PdfkitEmbeddedFont })._font;
  const fresh = current?.widths?.length === 1 && current.subset !== undefined;
  if (current && fresh && current.font !== face.font && current.font?.postscriptName === face.name) {
    current.font = face.font;
    current.subset = face.font.createSubset();
  }
}

/** Format characters that draw nothing (joiners, variation selectors, direction marks): dropped where unsupported. */
const INVISIBLE = /^[\p{Default_Ignorable_Code_Point}]$/u;
const LETTER = /[\p{L}\p{M}]/u;

const segmenter = new Intl.Segmenter('und', { granularity: 'grapheme' });

/** A text ready to draw: the characters to draw (placeholders in place), and the face of each UTF-16 unit. */
export interface CoveredText {
  text: string;
  faces: Face[];
}

/**
 * Picks a face for each user-perceived character (grapheme: a letter with its accents, a flag, an emoji with
 * its skin tone) so that it is drawn whole by one font, or replaced by a single placeholder. Spaces, digits
 * and punctuation stay in the font of the text around them when it has them, so a phrase in one script is
 * laid out — and shaped, for Arabic — as one run.
 */
export function coverText(input: string, weight: Weight): CoveredText {
  const candidates = receiptFaces(weight);
  const [primary] = candidates;
  if (!primary) throw new Error('no receipt font');
  let text = '';
  const faces: Face[] = [];
  let previous: Face | undefined;
  // NFC: a letter typed as base + accent draws from its precomposed glyph and reads back as one character.
  for (const { segment } of segmenter.segment(input.normalize('NFC').replace(/\p{Cc}/gu, ' '))) {
    const codePoints = [...segment];
    const visible = codePoints.filter((c) => !INVISIBLE.test(c));
    const covers = (face: Face) => visible.every((c) => face.font.hasGlyphForCodePoint(c.codePointAt(0) ?? 0));
    const neutral = !LETTER.test(segment);
    const face =
      visible.length === 0
        ? (previous ?? primary)
        : neutral && previous && covers(previous)
          ? previous
          : candidates.find(covers);
    const drawn = !face
      ? PLACEHOLDER
      : codePoints.filter((c) => !INVISIBLE.test(c) || face.font.hasGlyphForCodePoint(c.codePointAt(0) ?? 0)).join('');
    const used = face ?? primary;
    text += drawn;
    for (let i = 0; i < drawn.length; i++) faces.push(used);
    previous = used;
  }
  return { text, faces };
}
