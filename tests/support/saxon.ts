import { execFile } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { XMLParser } from 'fast-xml-parser';

const run = promisify(execFile);

/**
 * EN 16931's official validation rules (the Schematron compiled to XSLT, in
 * ../shared/einvoice beside the repository) run by Saxon-HE from Debian over a whole folder
 * of documents in ONE java process: the XSLT takes seconds to compile, so one process per
 * document would take minutes. A missing jar fails the test with how to install it.
 */

export const EINVOICE_SHARED = resolve(import.meta.dirname, '../../../shared/einvoice');
const SAXON_JAR = '/usr/share/java/Saxon-HE.jar';
const XSLT = {
  ubl: join(EINVOICE_SHARED, 'ubl/xslt/EN16931-UBL-validation.xslt'),
  cii: join(EINVOICE_SHARED, 'cii/xslt/EN16931-CII-validation.xslt'),
};

/** One broken rule: its id (BR-…), the SVRL's text, and where in the document. */
export interface RuleFailure {
  id: string;
  text: string;
  location: string;
}

/** Per document name: the fatal failed-asserts (an empty list is a valid document). */
export type SaxonReport = Map<string, RuleFailure[]>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  isArray: (name) => name === 'failed-assert',
});

/** The fatal failures of one SVRL report. */
export function fatalFailures(svrl: string): RuleFailure[] {
  const parsed = parser.parse(svrl) as {
    'schematron-output'?: {
      'failed-assert'?: { id?: string; flag?: string; location?: string; text?: unknown }[];
    };
  };
  return (parsed['schematron-output']?.['failed-assert'] ?? [])
    .filter((f) => f.flag === 'fatal')
    .map((f) => ({
      id: f.id ?? '?',
      text: typeof f.text === 'string' ? f.text : JSON.stringify(f.text),
      location: f.location ?? '',
    }));
}

/**
 * Validates documents (name → XML text) of one syntax with the official rules, in one java
 * run; answers each document's fatal failures.
 */
export async function validateWithSaxon(
  format: 'ubl' | 'cii',
  documents: ReadonlyMap<string, string>,
): Promise<SaxonReport> {
  if (!existsSync(SAXON_JAR)) {
    throw new Error(
      `Saxon-HE is not installed: apt-get install -y libsaxonhe-java (the test set-up installs it when missing)`,
    );
  }
  if (!existsSync(XSLT[format])) throw new Error(`The official rules are missing: ${XSLT[format]}`);
  const dir = mkdtempSync(join(tmpdir(), `keel-saxon-${format}-`));
  const input = join(dir, 'in');
  const output = join(dir, 'out');
  mkdirSync(input);
  mkdirSync(output);
  try {
    for (const [name, xml] of documents) writeFileSync(join(input, `${name}.xml`), xml);
    await run(
      'java',
      [
        '-cp',
        SAXON_JAR,
        'net.sf.saxon.Transform',
        `-s:${input}`,
        `-xsl:${XSLT[format]}`,
        `-o:${output}`,
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const report: SaxonReport = new Map();
    const written = new Set(readdirSync(output));
    for (const name of documents.keys()) {
      const file = `${name}.xml`;
      if (!written.has(file)) throw new Error(`Saxon wrote no report for ${file}`);
      report.set(name, fatalFailures(readFileSync(join(output, file), 'utf8')));
    }
    return report;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The documents with fatal failures, as readable lines (empty when all are valid). */
export function describeFailures(report: SaxonReport): string[] {
  return [...report].flatMap(([name, failures]) =>
    failures.map((f) => `${name}: ${f.id} at ${f.location}: ${f.text}`),
  );
}

/** The CII schema's files (the D16B subset), for xmllint-wasm's in-memory file system. */
export function ciiSchema() {
  const dir = join(
    EINVOICE_SHARED,
    'cii/schema/D16B SCRDM (Subset)/uncoupled clm/CII/uncefact/data/standard',
  );
  const file = (fileName: string) => ({
    fileName,
    contents: readFileSync(join(dir, fileName), 'utf8'),
  });
  return {
    schema: file('CrossIndustryInvoice_100pD16B.xsd'),
    preload: readdirSync(dir)
      .filter((f) => f.endsWith('.xsd') && f !== 'CrossIndustryInvoice_100pD16B.xsd')
      .map(file),
  };
}
