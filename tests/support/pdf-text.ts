import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

function open(bytes: Uint8Array) {
  // pdf.js may detach the buffer it is given: hand it a copy.
  return getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    disableFontFace: true,
    isEvalSupported: false,
    verbosity: 0,
  });
}

/**
 * The text of a PDF, page after page, items separated by spaces and whitespace collapsed,
 * as a reader's text extractor sees it (pdf.js, the engine of Firefox's viewer): what a
 * test can assert a document says.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const task = open(bytes);
  const pdf = await task.promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const content = await (await pdf.getPage(n)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    }
    return pages.join('\n').replace(/\s+/g, ' ');
  } finally {
    await task.destroy();
  }
}

export async function pdfPageCount(bytes: Uint8Array): Promise<number> {
  const task = open(bytes);
  try {
    return (await task.promise).numPages;
  } finally {
    await task.destroy();
  }
}
