/**
 * Writes a receipt text into a pdfkit document with the embedded fonts (receipt-fonts.ts): wraps it to a width
 * and draws each line as runs of one font and one direction, in visual order.
 *
 * pdfkit alone gets mixed text wrong: it draws a line in one font, and it lays out an Arabic or Hebrew line
 * word by word, left to right, so "محمد علي" came out with its words swapped and a number inside Arabic text
 * out of place. Here the Unicode bidirectional algorithm (bidi-js) gives each character its level; each line
 * is cut into runs, the runs are put in visual order (rule L2), and each run is drawn in one piece so that
 * fontkit shapes Arabic and reverses right-to-left script itself.
 */
import bidiFactory from 'bidi-js';

import { coverText, type Doc, type Face, receiptFaces, selectFace, type Weight } from './receipt-fonts';

const bidi = bidiFactory();

/** How one receipt text is drawn. */
export interface TextStyle {
  weight: Weight;
  size: number;
  color: string;
  width: number;
}

/** pdfkit's layout of a whole run in one piece (without `features` it lays out word by word). */
const WHOLE_RUN = { features: [] as PDFKit.Mixins.OpenTypeFeatures[] };

/** Writes `text` at the document's position, wrapped to `style.width`, and moves below it (like `doc.text`). */
export function writeText(doc: Doc, text: string, style: TextStyle): void {
  // Explicit embeddings and overrides are dropped: a name must not reorder the rest of its line.
  for (const paragraph of text.replace(/[\u202A-\u202E\u2066-\u2069]/g, '').split(/\r\n|\r|\n/)) {
    writeParagraph(doc, coverText(paragraph, style.weight), style);
  }
}

interface Run {
  start: number;
  end: number;
  face: Face;
  level: number;
}

function writeParagraph(doc: Doc, covered: { text: string; faces: Face[] }, style: TextStyle): void {
  const { text, faces } = covered;
  const { levels } = bidi.getEmbeddingLevels(text);
  const runsOf = (start: number, end: number): Run[] => {
    const runs: Run[] = [];
    for (let i = start; i < end; i++) {
      const face = faces[i];
      const level = levels[i] ?? 0;
      const last = runs.at(-1);
      if (!face) continue;
      if (last && last.face === face && (last.level === level || isLowSurrogate(text, i))) last.end = i + 1;
      else runs.push({ start: i, end: i + 1, face, level });
    }
    return runs;
  };
  const widthOf = (start: number, end: number) =>
    runsOf(start, end).reduce((sum, r) => {
      selectFace(doc, r.face, style.size);
      return sum + doc.widthOfString(text.slice(r.start, r.end), WHOLE_RUN);
    }, 0);

  const lines = breakLines(text, style.width, widthOf);
  for (const [start, end] of lines) drawLine(doc, text, runsOf(start, end), style);
}

const segmenter = new Intl.Segmenter('und', { granularity: 'grapheme' });
const graphemes = (text: string) => segmenter.segment(text);

const isLowSurrogate = (text: string, i: number) => /[\uDC00-\uDFFF]/.test(text[i] ?? '');

/**
 * Lines as [start, end) ranges, trailing spaces left out: the whole text when it fits (the usual case, one
 * measure), else greedy breaking after spaces; a word longer than the width is cut between graphemes.
 */
function breakLines(text: string, width: number, widthOf: (start: number, end: number) => number): [number, number][] {
  const textEnd = text.trimEnd().length;
  if (widthOf(0, textEnd) <= width) return [[0, textEnd]];
  const lines: [number, number][] = [];
  let lineStart = 0;
  let lineWidth = 0;
  for (const match of text.matchAll(/\S+\s*|\s+/g)) {
    const start = match.index;
    const end = start + match[0].length;
    const trimmedEnd = start + match[0].trimEnd().length;
    const wordWidth = widthOf(start, trimmedEnd);
    if (start > lineStart && lineWidth + wordWidth > width) {
      lines.push([lineStart, start]);
      lineStart = start;
      lineWidth = 0;
    }
    if (start === lineStart && wordWidth > width) {
      for (const { index, segment } of graphemes(text.slice(start, trimmedEnd))) {
        const at = start + index;
        const graphemeWidth = widthOf(at, at + segment.length);
        if (at > lineStart && lineWidth + graphemeWidth > width) {
          lines.push([lineStart, at]);
          lineStart = at;
          lineWidth = 0;
        }
        lineWidth += graphemeWidth;
      }
    } else {
      lineWidth += wordWidth;
    }
    lineWidth += widthOf(trimmedEnd, end);
  }
  lines.push([lineStart, text.length]);
  return lines.map(([start, end]) => [start, start + text.slice(start, end).trimEnd().length]);
}

/**
 * Line height in ems. Noto Sans' own metrics (1.36 em) leave room for stacked accents the receipt never
 * shows; 1.16 em is the height the receipt had with Helvetica, so a full receipt still fits one A5 page.
 * Every face's ascent and descent are scaled alike, so a line with Arabic (taller Naskh metrics) grows.
 */
const LINE_HEIGHT = 1.16;

/** Moves down by `lines` lines of `size` points (pdfkit's moveDown would use the current font's metrics). */
export function skipLines(doc: Doc, lines: number, size: number): void {
  doc.y += lines * LINE_HEIGHT * size;
}

/** Draws one line's runs in visual order and moves the document below the line. */
function drawLine(doc: Doc, text: string, runs: Run[], style: TextStyle): void {
  const [primary] = receiptFaces(style.weight);
  const used = [...(primary ? [primary] : []), ...runs.map((r) => r.face)];
  const ems = (f: Face, value: number) => value / f.font.unitsPerEm;
  const scale = primary ? LINE_HEIGHT / ems(primary, primary.font.ascent - primary.font.descent) : 1;
  const ascent = Math.max(...used.map((f) => ems(f, f.font.ascent))) * scale * style.size;
  const descent = Math.max(...used.map((f) => ems(f, -f.font.descent))) * scale * style.size;
  if (doc.y + ascent + descent > doc.page.maxY() && doc.y > doc.page.margins.top) doc.addPage();
  const left = doc.page.margins.left;
  const baseline = doc.y + ascent;
  let x = left;
  for (const run of visualOrder(runs)) {
    const shown = runText(text.slice(run.start, run.end), run.level % 2 === 1);
    selectFace(doc, run.face, style.size);
    // Without line breaking, pdfkit moves doc.x past what it drew: where the next run starts.
    doc.fillColor(style.color).text(shown, x, baseline, { ...WHOLE_RUN, lineBreak: false, baseline: 'alphabetic' });
    x = doc.x;
  }
  doc.x = left;
  doc.y = baseline + descent;
}

/** Rule L2: from the highest level down to the lowest odd one, reverse every sequence of runs at that level or above. */
function visualOrder(runs: Run[]): Run[] {
  const order = [...runs];
  const highest = Math.max(0, ...runs.map((r) => r.level));
  const lowestOdd = Math.min(...runs.map((r) => r.level).filter((l) => l % 2 === 1));
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < order.length; i++) {
      if ((order[i]?.level ?? 0) < level) continue;
      let j = i;
      while (j + 1 < order.length && (order[j + 1]?.level ?? 0) >= level) j++;
      order.splice(i, j - i + 1, ...order.slice(i, j + 1).reverse());
      i = j;
    }
  }
  return order;
}

/** The scripts of the embedded faces that fontkit lays out right to left (it reverses a run whose first script is one). */
const RTL_SCRIPT = /[\p{Script=Arabic}\p{Script=Hebrew}]/u;
const NO_SCRIPT = /[\p{Script=Common}\p{Script=Inherited}\p{Script=Unknown}]/u;

/**
 * A run's characters as fontkit must get them: mirrored brackets in a right-to-left run (rule L4), and
 * reversed where fontkit's direction (from the run's first script) differs from the run's level — neutral
 * characters between Arabic words, or Persian digits (Arabic script, but read left to right).
 */
function runText(text: string, rtl: boolean): string {
  const chars = rtl ? [...text].map((c) => bidi.getMirroredCharacter(c) ?? c) : [...text];
  const firstScript = chars.find((c) => !NO_SCRIPT.test(c));
  const fontkitRtl = firstScript !== undefined && RTL_SCRIPT.test(firstScript);
  if (fontkitRtl === rtl) return chars.join('');
  return [...graphemes(chars.join(''))]
    .map((g) => g.segment)
    .reverse()
    .join('');
}
