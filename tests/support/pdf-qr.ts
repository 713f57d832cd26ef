import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

const run = promisify(execFile);

/**
 * The QR code on a page of a PDF, read back as a phone would: the page rasterised at
 * 200 dpi by pdftoppm (poppler-utils), decoded by jsQR; its bytes as UTF-8 text, or null
 * when the page has none.
 */
export async function decodePdfQr(pdf: Uint8Array, pageNumber: number): Promise<string | null> {
  const dir = mkdtempSync(join(tmpdir(), 'keel-qr-'));
  try {
    writeFileSync(join(dir, 'invoice.pdf'), pdf);
    await run('pdftoppm', [
      '-r',
      '200',
      '-png',
      '-f',
      String(pageNumber),
      '-l',
      String(pageNumber),
      join(dir, 'invoice.pdf'),
      join(dir, 'page'),
    ]);
    const file = readdirSync(dir).find((f) => f.endsWith('.png'))!;
    const png = PNG.sync.read(readFileSync(join(dir, file)));
    const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    return code ? new TextDecoder().decode(new Uint8Array(code.binaryData)) : null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
