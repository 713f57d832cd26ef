import { XMLBuilder } from 'fast-xml-parser';

/**
 * What the UBL and CII serializers share: one XMLBuilder (entities escaped in text and
 * attributes, two-space indentation, empty elements kept), and the helpers that leave an
 * absent term out rather than writing it empty.
 */

export type XmlNode = { [name: string]: XmlValue };
export type XmlValue = string | XmlNode | XmlNode[] | string[] | undefined;

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  format: true,
  indentBy: '  ',
  suppressEmptyNode: false,
  processEntities: true,
});

// XML 1.0 forbids most control characters even escaped; a pasted one is dropped rather
// than making the whole document unreadable.
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Text as an element holds it: control characters XML cannot carry removed. */
export function xmlText(value: string): string {
  return value.replace(FORBIDDEN, '');
}

/** Drops the keys whose value is undefined or null, so that absent terms are not written. */
export function compact(node: Record<string, XmlValue | null>): XmlNode {
  const out: XmlNode = {};
  for (const [key, value] of Object.entries(node)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    out[key] = typeof value === 'string' ? xmlText(value) : value;
  }
  return out;
}

/** An element with text and attributes; undefined when there is no text. */
export function withAttributes(
  text: string | null | undefined,
  attributes: Record<string, string | null | undefined>,
): XmlNode | undefined {
  if (text === null || text === undefined) return undefined;
  const node: XmlNode = { '#text': xmlText(text) };
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== null && value !== undefined) node[`@_${name}`] = xmlText(value);
  }
  return node;
}

/** The whole document, with its XML declaration. */
export function buildXml(root: XmlNode): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build(root) as string}`;
}
