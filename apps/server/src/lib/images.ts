/**
 * Uploaded images, checked and normalised on the server (shared with the operators' documents): the real
 * type comes from the bytes (sharp reads the header, the declared type is ignored), only JPEG, PNG and
 * WebP are accepted, the photo is turned upright (EXIF orientation), shrunk to `maxEdge` and re-encoded as
 * JPEG — which drops every metadata block, GPS included.
 */
import sharp from 'sharp';
import { AppError } from './app-error';

/** Largest upload accepted (decoded bytes). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** Refuse decompression bombs: a 5 MB PNG can claim billions of pixels. */
const MAX_INPUT_PIXELS = 40_000_000;

export interface NormalizedImage {
  bytes: Buffer;
  contentType: string;
  width: number;
  height: number;
}

export async function normalizeUploadedImage(bytes: Buffer, options: { maxEdge: number }): Promise<NormalizedImage> {
  if (bytes.length > IMAGE_MAX_BYTES) throw new AppError('IMAGE_TOO_LARGE');
  const input = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  let format: string | undefined;
  try {
    format = (await input().metadata()).format;
  } catch {
    throw new AppError('IMAGE_INVALID');
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new AppError('IMAGE_INVALID');
  try {
    const { data, info } = await input()
      .rotate()
      .resize({ width: options.maxEdge, height: options.maxEdge, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: 'image/jpeg', width: info.width, height: info.height };
  } catch {
    // A header that parses over a body that does not (truncated, corrupt) is still not an image.
    throw new AppError('IMAGE_INVALID');
  }
}
