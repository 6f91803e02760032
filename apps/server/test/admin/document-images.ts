/** Real test pictures, made with sharp: a phone-like JPEG with EXIF (orientation, GPS), PNG, WebP. */
import sharp from 'sharp';

export async function phoneJpeg(width = 400, height = 200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'JalaPhone' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '12/1 7/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '77/1 1/1 0/1' },
    })
    .toBuffer();
}

export async function png(width = 120, height = 80): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 1 } } })
    .png()
    .toBuffer();
}

export async function webp(width = 120, height = 80): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 200, b: 30 } } })
    .webp()
    .toBuffer();
}

export const b64 = (bytes: Buffer) => bytes.toString('base64');
