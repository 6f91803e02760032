/**
 * Uploaded images (driver documents, driver photo) are never stored as sent: the real type is read from
 * the bytes (a file that lies about its type is refused), the picture is turned upright (EXIF orientation),
 * shrunk to a maximum edge and re-encoded as JPEG. Re-encoding drops every metadata block (EXIF, GPS, XMP),
 * so no location leaves the phone through Jala. HEIC (iPhone) is decoded with `heic-decode` (WebAssembly
 * libheif, no native build) because sharp's bundled libvips reads AVIF but not HEVC-coded HEIC.
 */
import { createRequire } from 'node:module';

import sharp, { type Sharp } from 'sharp';

import { AppError } from './app-error';

export type ImageKind = 'jpeg' | 'png' | 'webp' | 'heic';

/** Largest upload accepted by default, before normalisation. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Refuse decompression bombs: more pixels than a 50-megapixel camera makes. */
const MAX_INPUT_PIXELS = 50_000_000;

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/** The image type the bytes really are (magic numbers), or null for anything else. */
export function detectImageKind(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 4, 8) === 'ftyp' &&
    HEIC_BRANDS.has(bytes.toString('latin1', 8, 12))
  )
    return 'heic';
  return null;
}

export interface NormalizedImage {
  bytes: Buffer;
  contentType: string;
  width: number;
  height: number;
}

export interface NormalizeOptions {
  /** Longest side of the stored picture, in pixels. */
  maxEdge: number;
  /** Upload size limit in bytes (default MAX_UPLOAD_BYTES). */
  maxBytes?: number;
}

/** Checks and normalises an uploaded image; bad input is an AppError (400 with a Spanish message). */
export async function normalizeUploadedImage(bytes: Buffer, options: NormalizeOptions): Promise<NormalizedImage> {
  const maxBytes = options.maxBytes ?? MAX_UPLOAD_BYTES;
  if (bytes.length > maxBytes) {
    throw new AppError(
      'IMAGE_TOO_LARGE',
      `La imagen pesa más de ${Math.round(maxBytes / (1024 * 1024))} MB. Toma la foto con menor resolución o elige otra.`,
    );
  }
  const kind = detectImageKind(bytes);
  if (!kind) throw new AppError('IMAGE_INVALID');
  try {
    const input =
      kind === 'heic' ? await heicToRaw(bytes) : sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const { data, info } = await input
      .rotate()
      .resize({ width: options.maxEdge, height: options.maxEdge, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: 'image/jpeg', width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof AppError) throw error;
    // Truncated or corrupt pictures, and types that only look right in their first bytes.
    throw new AppError('IMAGE_INVALID');
  }
}

/** heic-decode ships no types (CommonJS): its one function, typed here. */
type HeicDecode = (input: { buffer: Buffer }) => Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
const requireModule = createRequire(import.meta.url);
let heicDecoder: HeicDecode | undefined;
/** Loaded on the first HEIC (its WebAssembly decoder is large), then kept. */
const decodeHeic: HeicDecode = (input) => {
  heicDecoder ??= requireModule('heic-decode') as HeicDecode;
  return heicDecoder(input);
};

/** HEIC decoded to raw RGBA pixels (libheif applies the HEIF rotation itself), ready for sharp. */
async function heicToRaw(bytes: Buffer): Promise<Sharp> {
  const image = await decodeHeic({ buffer: bytes });
  if (image.width * image.height > MAX_INPUT_PIXELS) throw new AppError('IMAGE_INVALID');
  return sharp(Buffer.from(image.data), { raw: { width: image.width, height: image.height, channels: 4 } });
}
