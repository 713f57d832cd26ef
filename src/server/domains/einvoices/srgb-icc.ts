/**
 * A small sRGB ICC profile (version 2.1, display class, matrix/TRC), generated instead of
 * shipped: PDF/A needs one as the output intent's destination profile and no ICC file is
 * part of Keel. It carries the tags ICC.1:2001-04 requires of an RGB display profile: desc,
 * wtpt, cprt, the three colorants (rXYZ, gXYZ, bXYZ, the sRGB primaries adapted to D50 with
 * Bradford, the values of the reference sRGB IEC61966-2.1 profile) and the three tone curves
 * (one 1024-entry sRGB curve shared by rTRC, gTRC and bTRC).
 *
 * The bytes never change: the header's date is fixed, so the PDF that carries it is the same
 * for the same invoice.
 */

const DESCRIPTION = 'sRGB IEC61966-2.1';
const COPYRIGHT = 'No copyright, use freely';

/** D50, the profile connection space's illuminant. */
const D50: XYZ = [0.9642, 1.0, 0.8249];
/** D65, the white of an sRGB display (the reference profile's media white point). */
const D65: XYZ = [0.9505, 1.0, 1.089];
const RED: XYZ = [0.4361, 0.2225, 0.0139];
const GREEN: XYZ = [0.3851, 0.7169, 0.0971];
const BLUE: XYZ = [0.1431, 0.0606, 0.7141];

type XYZ = [number, number, number];

class Writer {
  private bytes: number[] = [];

  get length() {
    return this.bytes.length;
  }
  u8(v: number) {
    this.bytes.push(v & 0xff);
  }
  u16(v: number) {
    this.u8(v >>> 8);
    this.u8(v);
  }
  u32(v: number) {
    this.u16(v >>> 16);
    this.u16(v & 0xffff);
  }
  /** A four-character signature. */
  sig(s: string) {
    for (let i = 0; i < 4; i++) this.u8(s.charCodeAt(i));
  }
  s15Fixed16(v: number) {
    this.u32(Math.round(v * 65536) >>> 0);
  }
  ascii(s: string) {
    for (const c of s) this.u8(c.charCodeAt(0));
  }
  zeros(n: number) {
    for (let i = 0; i < n; i++) this.u8(0);
  }
  pad4() {
    while (this.bytes.length % 4) this.u8(0);
  }
  patchU32(at: number, v: number) {
    this.bytes[at] = (v >>> 24) & 0xff;
    this.bytes[at + 1] = (v >>> 16) & 0xff;
    this.bytes[at + 2] = (v >>> 8) & 0xff;
    this.bytes[at + 3] = v & 0xff;
  }
  done() {
    return Uint8Array.from(this.bytes);
  }
}

/** textDescriptionType (ICC v2): ASCII, then empty Unicode and ScriptCode descriptions. */
function desc(w: Writer, text: string) {
  w.sig('desc');
  w.zeros(4);
  w.u32(text.length + 1);
  w.ascii(text);
  w.u8(0);
  w.u32(0); // Unicode language code
  w.u32(0); // Unicode count
  w.u16(0); // ScriptCode code
  w.u8(0); // ScriptCode count
  w.zeros(67);
}

function text(w: Writer, value: string) {
  w.sig('text');
  w.zeros(4);
  w.ascii(value);
  w.u8(0);
}

function xyz(w: Writer, [x, y, z]: XYZ) {
  w.sig('XYZ ');
  w.zeros(4);
  w.s15Fixed16(x);
  w.s15Fixed16(y);
  w.s15Fixed16(z);
}

/** The sRGB transfer function (IEC 61966-2-1), sampled at 1024 points. */
function curve(w: Writer) {
  const n = 1024;
  w.sig('curv');
  w.zeros(4);
  w.u32(n);
  for (let i = 0; i < n; i++) {
    const v = i / (n - 1);
    const linear = v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    w.u16(Math.round(linear * 65535));
  }
}

let cached: Uint8Array | undefined;

/** The profile's bytes (about 2.6 kB). */
export function srgbIccProfile(): Uint8Array {
  if (cached) return cached;
  const w = new Writer();

  // Header (128 bytes).
  w.u32(0); // size, patched below
  w.u32(0); // preferred CMM: none
  w.u32(0x02100000); // version 2.1.0
  w.sig('mntr'); // display device
  w.sig('RGB ');
  w.sig('XYZ ');
  for (const part of [2026, 1, 1, 0, 0, 0]) w.u16(part); // creation date, fixed
  w.sig('acsp');
  w.u32(0); // primary platform: none
  w.u32(0); // flags
  w.u32(0); // device manufacturer
  w.u32(0); // device model
  w.zeros(8); // device attributes
  w.u32(0); // rendering intent: perceptual
  w.s15Fixed16(D50[0]);
  w.s15Fixed16(D50[1]);
  w.s15Fixed16(D50[2]);
  w.u32(0); // creator
  w.zeros(44); // profile ID (v4 only) and reserved

  // Tag table: every tag's data follows it, each on a 4-byte boundary.
  const tags: [string, (w: Writer) => void][] = [
    ['desc', (w) => desc(w, DESCRIPTION)],
    ['cprt', (w) => text(w, COPYRIGHT)],
    ['wtpt', (w) => xyz(w, D65)],
    ['rXYZ', (w) => xyz(w, RED)],
    ['gXYZ', (w) => xyz(w, GREEN)],
    ['bXYZ', (w) => xyz(w, BLUE)],
    ['rTRC', curve],
  ];
  const shared: Record<string, string> = { gTRC: 'rTRC', bTRC: 'rTRC' };
  const count = tags.length + Object.keys(shared).length;
  w.u32(count);
  const table = w.length;
  w.zeros(count * 12);

  const placed: Record<string, [number, number]> = {};
  for (const [sig, write] of tags) {
    w.pad4();
    const offset = w.length;
    write(w);
    placed[sig] = [offset, w.length - offset];
  }
  for (const [sig, same] of Object.entries(shared)) placed[sig] = placed[same]!;
  w.pad4();

  Object.entries(placed).forEach(([sig, [offset, size]], i) => {
    const at = table + i * 12;
    const s = sig.split('').reduce((acc, c) => (acc << 8) | c.charCodeAt(0), 0) >>> 0;
    w.patchU32(at, s);
    w.patchU32(at + 4, offset);
    w.patchU32(at + 8, size);
  });
  w.patchU32(0, w.length);
  cached = w.done();
  return cached;
}
