/**
 * Reading the files embedded in a PDF: the e-invoice XML of a Factur-X / ZUGFeRD PDF (or
 * any PDF/A-3 that carries one). Files are found in the catalog's EmbeddedFiles name tree
 * (walking its Kids) and in its /AF array (PDF/A-3's associated files), each once, and
 * their streams are inflated with whatever filter they use.
 *
 * Shared by the Factur-X writer's tests and the e-invoice importer: one reader for both.
 */
import { inflateSync } from 'node:zlib';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFRef,
  PDFStream,
  PDFString,
  decodePDFRawStream,
  type PDFObject,
} from 'pdf-lib';

export interface PdfAttachment {
  /** The file's name (its /UF, else /F). */
  name: string;
  /** The embedded stream's /Subtype, e.g. `text/xml`; null when the PDF gives none. */
  mimeType: string | null;
  /** The /AFRelationship of its file specification (`Alternative`, `Data`…), when given. */
  relationship: string | null;
  data: Uint8Array;
}

/** The names, in order of preference, that the e-invoice formats give their XML. */
const EINVOICE_NAMES = [
  'factur-x.xml',
  'zugferd-invoice.xml',
  'xrechnung.xml',
  'zugferd_invoice.xml',
  'order-x.xml',
];

/** Where a file's name stands among EINVOICE_NAMES (case aside); their count when not one. */
function nameRank(name: string) {
  const index = EINVOICE_NAMES.indexOf(name.toLowerCase());
  return index < 0 ? EINVOICE_NAMES.length : index;
}

/** Whether an embedded file bears one of the names the e-invoice formats give their XML. */
export const hasEinvoiceName = (file: PdfAttachment) => nameRank(file.name) < EINVOICE_NAMES.length;

function text(value: PDFObject | undefined): string | null {
  if (value instanceof PDFString || value instanceof PDFHexString) return value.decodeText();
  return null;
}

function nameOf(value: PDFObject | undefined): string | null {
  return value instanceof PDFName ? value.decodeText() : null;
}

/** Every file specification of the document, once each. */
function fileSpecs(doc: PDFDocument): PDFDict[] {
  const { context, catalog } = doc;
  const seen = new Set<PDFObject>();
  const specs: PDFDict[] = [];
  const add = (entry: PDFObject | undefined) => {
    const spec = entry instanceof PDFRef ? context.lookup(entry) : entry;
    if (!(spec instanceof PDFDict) || seen.has(spec)) return;
    seen.add(spec);
    specs.push(spec);
  };

  const walk = (node: PDFObject | undefined, depth: number) => {
    const dict = node instanceof PDFRef ? context.lookup(node) : node;
    if (!(dict instanceof PDFDict) || depth > 32) return;
    const names = dict.lookup(PDFName.of('Names'));
    if (names instanceof PDFArray) {
      for (let i = 1; i < names.size(); i += 2) add(names.get(i));
    }
    const kids = dict.lookup(PDFName.of('Kids'));
    if (kids instanceof PDFArray) {
      for (let i = 0; i < kids.size(); i++) walk(kids.get(i), depth + 1);
    }
  };
  const nameTree = catalog.lookup(PDFName.of('Names'));
  if (nameTree instanceof PDFDict) walk(nameTree.get(PDFName.of('EmbeddedFiles')), 0);

  const associated = catalog.lookup(PDFName.of('AF'));
  if (associated instanceof PDFArray) {
    for (let i = 0; i < associated.size(); i++) add(associated.get(i));
  }
  return specs;
}

function decoded(stream: PDFRawStream): Uint8Array {
  try {
    return decodePDFRawStream(stream).decode();
  } catch {
    // A filter pdf-lib does not decode itself; Flate is the only one embedded XML uses.
    return inflateSync(stream.getContents());
  }
}

function attachmentOf(doc: PDFDocument, spec: PDFDict): PdfAttachment | null {
  const ef = spec.lookup(PDFName.of('EF'));
  if (!(ef instanceof PDFDict)) return null;
  const stream = ef.lookup(PDFName.of('UF')) ?? ef.lookup(PDFName.of('F'));
  if (!(stream instanceof PDFStream)) return null;
  const data = stream instanceof PDFRawStream ? decoded(stream) : stream.getContents();
  return {
    name: text(spec.lookup(PDFName.of('UF'))) ?? text(spec.lookup(PDFName.of('F'))) ?? '',
    mimeType: nameOf(stream.dict.get(PDFName.of('Subtype'))),
    relationship: nameOf(spec.get(PDFName.of('AFRelationship'))),
    data,
  };
}

/**
 * Loads a PDF for reading, as leniently as pdf-lib can (an encrypted PDF's attachments are
 * read as they are: a Factur-X PDF is never encrypted); throws when it is not a PDF.
 */
async function load(pdfBytes: Uint8Array): Promise<PDFDocument> {
  return PDFDocument.load(pdfBytes, {
    updateMetadata: false,
    ignoreEncryption: true,
    throwOnInvalidObject: false,
  });
}

/**
 * Every embedded file of the PDF that can be read: a broken structure (no catalog, objects
 * of the wrong kind) has none, and a file that cannot be decoded is left out. Throws when
 * the bytes are not a readable PDF.
 */
export async function pdfAttachments(pdfBytes: Uint8Array): Promise<PdfAttachment[]> {
  const doc = await load(pdfBytes);
  let specs: PDFDict[];
  try {
    specs = fileSpecs(doc);
  } catch {
    return [];
  }
  return specs.flatMap((spec) => {
    try {
      return attachmentOf(doc, spec) ?? [];
    } catch {
      return [];
    }
  });
}

/**
 * The XML files among a PDF's embedded files (by name or media type): those with an
 * e-invoice format's name first, factur-x.xml foremost, then the others as they come.
 */
export function xmlAttachments(files: PdfAttachment[]): PdfAttachment[] {
  return files
    .filter(
      (file) =>
        hasEinvoiceName(file) || /\.xml$/i.test(file.name) || /xml/i.test(file.mimeType ?? ''),
    )
    .sort((a, b) => nameRank(a.name) - nameRank(b.name));
}

/**
 * The e-invoice embedded in a Factur-X / ZUGFeRD / XRechnung PDF: the file with one of the
 * formats' names (factur-x.xml first), else the only other XML file; null when there is
 * none, or when the bytes are not a readable PDF. The XML is decoded as UTF-8.
 */
export async function extractEmbeddedXml(
  pdfBytes: Uint8Array,
): Promise<{ name: string; xml: string } | null> {
  let files: PdfAttachment[];
  try {
    files = await pdfAttachments(pdfBytes);
  } catch {
    return null;
  }
  const candidates = xmlAttachments(files);
  const file = candidates[0];
  if (!file) return null;
  if (!hasEinvoiceName(file) && candidates.length > 1) return null;
  return { name: file.name, xml: new TextDecoder('utf-8').decode(file.data) };
}
