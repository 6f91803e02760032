/** heic-decode ships no types: it decodes a HEIC/HEIF file to RGBA pixels. */
declare module 'heic-decode' {
  interface DecodedImage { width: number; height: number; data: Uint8ClampedArray }
  function decode(input: { buffer: Buffer | ArrayBuffer | Uint8Array }): Promise<DecodedImage>;
  export default decode;
}
