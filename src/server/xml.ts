import { XMLParser } from 'fast-xml-parser';

/*
 * XML read by local name, for documents whose namespaces and prefixes vary by sender
 * (e-invoices in UBL and CII, CAMT.053 bank statements): elements become objects keyed by
 * their name without prefix, attributes `@name`, text `#text`, every value kept as written.
 */

export type XmlNode = Record<string, unknown>;

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // Only the five entities of XML itself: callers refuse a DOCTYPE before parsing.
  processEntities: true,
});

/** The document as nodes (validate it first: this parser forgives broken markup). */
export function parseXml(xml: string): XmlNode {
  return parser.parse(xml) as XmlNode;
}

function list(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** The element children of `node` named `name` (objects, or text wrapped as `#text`). */
export function all(node: unknown, name: string): XmlNode[] {
  if (!node || typeof node !== 'object') return [];
  return list((node as XmlNode)[name]).map((v) =>
    v !== null && typeof v === 'object' ? (v as XmlNode) : { '#text': v === null ? '' : String(v) },
  );
}

/** The first element down `path`, or undefined. */
export function one(node: unknown, ...path: string[]): XmlNode | undefined {
  let current: XmlNode | undefined = node as XmlNode | undefined;
  for (const name of path) {
    current = all(current, name)[0];
    if (!current) return undefined;
  }
  return current;
}

/** An element's text, trimmed; null when empty or absent. */
export function text(node: XmlNode | undefined): string | null {
  if (!node) return null;
  const value = node['#text'];
  if (value === undefined || value === null) return null;
  const s = String(value).trim();
  return s === '' ? null : s;
}

/** The text of the first element down `path`. */
export const textAt = (node: unknown, ...path: string[]) => text(one(node, ...path));

/** An attribute's value, trimmed, or null. */
export const attr = (node: XmlNode | undefined, name: string) =>
  node && typeof node[`@${name}`] === 'string' ? (node[`@${name}`] as string).trim() : null;
