import { deflateSync } from 'node:zlib';
import type { RgbPicture } from './frames';

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, body: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}

/**
 * Encodes RGB as PNG with Node's zlib: tesseract.js reads encoded images only, and a 40-line
 * encoder saves an image library.
 */
export function encodePng(picture: RgbPicture): Buffer {
  const { width, height, data } = picture;
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const at = y * (width * 3 + 1);
    rows[at] = 0; // filter: none
    rows.set(data.subarray(y * width * 3, (y + 1) * width * 3), at + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

/** Bilinear enlargement: OCR reads small printed digits far better at about 3x. */
export function enlarge(picture: RgbPicture, factor: number): RgbPicture {
  const width = Math.max(1, Math.round(picture.width * factor));
  const height = Math.max(1, Math.round(picture.height * factor));
  const data = new Uint8Array(width * height * 3);
  const src = picture.data;
  for (let y = 0; y < height; y++) {
    const sy = Math.min(picture.height - 1, Math.max(0, (y + 0.5) / factor - 0.5));
    const y0 = Math.floor(sy);
    const y1 = Math.min(picture.height - 1, y0 + 1);
    const fy = sy - y0;
    for (let x = 0; x < width; x++) {
      const sx = Math.min(picture.width - 1, Math.max(0, (x + 0.5) / factor - 0.5));
      const x0 = Math.floor(sx);
      const x1 = Math.min(picture.width - 1, x0 + 1);
      const fx = sx - x0;
      for (let c = 0; c < 3; c++) {
        const a = src[(y0 * picture.width + x0) * 3 + c]!;
        const b = src[(y0 * picture.width + x1) * 3 + c]!;
        const d = src[(y1 * picture.width + x0) * 3 + c]!;
        const e = src[(y1 * picture.width + x1) * 3 + c]!;
        const top = a + (b - a) * fx;
        const bottom = d + (e - d) * fx;
        data[(y * width + x) * 3 + c] = Math.round(top + (bottom - top) * fy);
      }
    }
  }
  return { width, height, data };
}
