/** heic-decode ships no types: it decodes a HEIC/HEIF file to RGBA pixels. */
declare module 'heic-decode' {
  interface DecodedImage { width: number; height: number; data: Uint8ClampedArray }
  function decode(input: { buffer: Buffer | ArrayBuffer | Uint8Array }): Promise<DecodedImage>;
  export default decode;
}

/** s3rver (tests only) ships no types: a local S3-compatible server. */
declare module 's3rver' {
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    resetOnClose?: boolean;
    configureBuckets?: { name: string }[];
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
