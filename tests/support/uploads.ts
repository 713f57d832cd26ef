import { Readable } from 'node:stream';
import { crc32, deflateSync } from 'node:zlib';

/** The first bytes of a PNG: what the server sniffs to accept an image. */
export const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A real PNG of this size (RGB, one colour) that image readers such as pdf-lib decode. */
export function solidPng(width: number, height: number, rgb = [0x1f, 0x6f, 0xeb]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB, deflate, no filter, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array(width).fill(rgb).flat())]);
  const pixels = Buffer.concat(Array<Buffer>(height).fill(row));
  return Buffer.concat([
    PNG_HEAD,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A "PNG" the server accepts: the signature, then any bytes. */
export function tinyPng(rest = 'rest of a tiny png'): Buffer {
  return Buffer.concat([PNG_HEAD, Buffer.from(rest)]);
}

/** A multipart body with one part per entry, cut short when `cut` is given. */
export function multipartBody(
  boundary: string,
  parts: { name: string; filename?: string; contentType?: string; data: Buffer | string }[],
  cut?: number,
): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const body = Buffer.concat(chunks);
  return cut === undefined ? body : body.subarray(0, Math.min(cut, body.length));
}

/** One file in one field, as a browser's form upload sends it: body and content type. */
export function fileUpload(field: string, filename: string, contentType: string, data: Buffer) {
  const boundary = 'keeltestboundary';
  return {
    payload: multipartBody(boundary, [{ name: field, filename, contentType, data }]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * The same upload sent as a client streaming a file does: the part's head in one write,
 * then the file in blocks of `blockSize`, then the closing boundary. File blocks then meet
 * the server's size limit exactly at a block's end, which is what a parser must not miss.
 */
export function fileUploadInBlocks(
  field: string,
  filename: string,
  contentType: string,
  data: Buffer,
  blockSize = 64 * 1024,
) {
  const boundary = 'keeltestboundary';
  const blocks: Buffer[] = [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
  ];
  for (let offset = 0; offset < data.length; offset += blockSize) {
    blocks.push(data.subarray(offset, offset + blockSize));
  }
  blocks.push(Buffer.from(`\r\n--${boundary}--\r\n`));
  return {
    payload: Readable.from(blocks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
