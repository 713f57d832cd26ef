/**
 * Factur-X / ZUGFeRD: an invoice PDF turned into a PDF/A-3b that carries its CII XML.
 *
 * Generic over the XML: any CII document (the EN 16931 profile by default) goes in as a
 * string and comes out byte for byte as `factur-x.xml`. What the PDF gains:
 * - the XML as an embedded file (text/xml, AFRelationship /Alternative, with its dates),
 *   listed both in the EmbeddedFiles name tree and in the catalog's /AF array;
 * - an XMP metadata stream on the catalog: PDF/A-3 conformance B, Dublin Core title and
 *   creator, XMP dates, the producer, and the Factur-X extension schema with its `fx:`
 *   properties; the Info dictionary says the same things;
 * - an output intent (GTS_PDFA1) with an sRGB ICC profile (generated: srgb-icc.ts);
 * - a document ID in the trailer.
 *
 * Fonts stay as the invoice PDF embedded them (DejaVu subsets). Every date comes from the
 * caller, never from the clock, and the ID from the XML and metadata, so the same input
 * gives the same bytes (a PDF rendered again by pdf-lib is not the same input: it names
 * fonts with a random suffix).
 */
import { createHash } from 'node:crypto';
import { AFRelationship, PDFDocument, PDFHexString, PDFName, PDFString, PDFDict } from 'pdf-lib';
import { srgbIccProfile } from './srgb-icc.ts';

/** The Factur-X profiles, as the `fx:ConformanceLevel` names them. */
export type FacturXLevel = 'MINIMUM' | 'BASIC WL' | 'BASIC' | 'EN 16931' | 'EXTENDED' | 'XRECHNUNG';

export interface FacturXMeta {
  /** The document's title, e.g. "Invoice INV-0042". */
  title: string;
  /** The seller's name: the document's author. */
  author: string;
  invoiceNumber: string;
  /** ISO yyyy-mm-dd: the PDF's creation and modification dates and the XML's. */
  issueDate: string;
  /** A sentence about the document; "Invoice {number} from {author}" unless given. */
  subject?: string;
  /** The tool that made the document. */
  creator?: string;
  producer?: string;
  /** EN 16931 unless given. */
  conformanceLevel?: FacturXLevel;
}

export const FACTURX_FILENAME = 'factur-x.xml';
const FX_NAMESPACE = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';

function xmlText(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex -- XML 1.0 cannot carry them
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
  );
}

/** Midnight UTC of an ISO date (a full timestamp is accepted too). */
function dateOf(iso: string): Date {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(date.getTime())) throw new RangeError(`not a date: ${iso}`);
  return date;
}

/** XMP's form of a date, to the second in UTC: the same instant as the Info dictionary's. */
function xmpDate(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

const property = (name: string, description: string) => `
            <rdf:li rdf:parseType="Resource">
              <pdfaProperty:name>${name}</pdfaProperty:name>
              <pdfaProperty:valueType>Text</pdfaProperty:valueType>
              <pdfaProperty:category>external</pdfaProperty:category>
              <pdfaProperty:description>${description}</pdfaProperty:description>
            </rdf:li>`;

interface XmpFields {
  title: string;
  author: string;
  subject: string;
  creator: string;
  producer: string;
  date: Date;
  level: FacturXLevel;
}

/** The XMP packet: PDF/A identification, Dublin Core, XMP basic, PDF and Factur-X. */
export function facturXXmp(f: XmpFields): string {
  const date = xmpDate(f.date);
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
  <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
    <rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">
      <pdfaid:part>3</pdfaid:part>
      <pdfaid:conformance>B</pdfaid:conformance>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
      <dc:format>application/pdf</dc:format>
      <dc:title><rdf:Alt><rdf:li xml:lang="x-default">${xmlText(f.title)}</rdf:li></rdf:Alt></dc:title>
      <dc:creator><rdf:Seq><rdf:li>${xmlText(f.author)}</rdf:li></rdf:Seq></dc:creator>
      <dc:description><rdf:Alt><rdf:li xml:lang="x-default">${xmlText(f.subject)}</rdf:li></rdf:Alt></dc:description>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
      <xmp:CreatorTool>${xmlText(f.creator)}</xmp:CreatorTool>
      <xmp:CreateDate>${date}</xmp:CreateDate>
      <xmp:ModifyDate>${date}</xmp:ModifyDate>
      <xmp:MetadataDate>${date}</xmp:MetadataDate>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
      <pdf:Producer>${xmlText(f.producer)}</pdf:Producer>
    </rdf:Description>
    <rdf:Description rdf:about=""
        xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/"
        xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#"
        xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
      <pdfaExtension:schemas>
        <rdf:Bag>
          <rdf:li rdf:parseType="Resource">
            <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
            <pdfaSchema:namespaceURI>${FX_NAMESPACE}</pdfaSchema:namespaceURI>
            <pdfaSchema:prefix>fx</pdfaSchema:prefix>
            <pdfaSchema:property>
              <rdf:Seq>${property('DocumentFileName', 'The name of the embedded XML document')}${property('DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER')}${property('Version', 'The actual version of the standard applying to the embedded XML document')}${property('ConformanceLevel', 'The conformance level of the embedded XML document')}
              </rdf:Seq>
            </pdfaSchema:property>
          </rdf:li>
        </rdf:Bag>
      </pdfaExtension:schemas>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:fx="${FX_NAMESPACE}">
      <fx:DocumentType>INVOICE</fx:DocumentType>
      <fx:DocumentFileName>${FACTURX_FILENAME}</fx:DocumentFileName>
      <fx:Version>1.0</fx:Version>
      <fx:ConformanceLevel>${f.level}</fx:ConformanceLevel>
    </rdf:Description>
  </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}

function setOutputIntent(doc: PDFDocument) {
  const { context, catalog } = doc;
  const profile = context.flateStream(srgbIccProfile(), { N: 3 });
  const intent = context.obj({
    Type: 'OutputIntent',
    S: 'GTS_PDFA1',
    OutputConditionIdentifier: PDFString.of('sRGB IEC61966-2.1'),
    Info: PDFString.of('sRGB IEC61966-2.1'),
    RegistryName: PDFString.of('http://www.color.org'),
    DestOutputProfile: context.register(profile),
  });
  catalog.set(PDFName.of('OutputIntents'), context.obj([context.register(intent)]));
}

function setMetadata(doc: PDFDocument, xmp: string) {
  const { context, catalog } = doc;
  // Left unfiltered, as PDF/A asks, so that any tool can read it.
  const stream = context.stream(new TextEncoder().encode(xmp), {
    Type: 'Metadata',
    Subtype: 'XML',
  });
  catalog.set(PDFName.of('Metadata'), context.register(stream));
}

/** Drops what PDF/A-3 forbids and the invoice PDF never has, in case another PDF comes in. */
function stripForbidden(doc: PDFDocument) {
  const catalog: PDFDict = doc.catalog;
  for (const key of ['OpenAction', 'AA', 'JavaScript']) catalog.delete(PDFName.of(key));
  if (doc.isEncrypted) throw new Error('an encrypted PDF cannot become PDF/A');
}

/**
 * The PDF as Factur-X: PDF/A-3b with `ciiXml` embedded as factur-x.xml. The XML is not
 * checked here: it is the caller's generator that makes it valid.
 */
export async function toFacturX(
  pdfBytes: Uint8Array,
  ciiXml: string,
  meta: FacturXMeta,
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdfBytes, { updateMetadata: false });
  stripForbidden(doc);
  const date = dateOf(meta.issueDate);
  const fields: XmpFields = {
    title: meta.title,
    author: meta.author,
    subject: meta.subject ?? `Invoice ${meta.invoiceNumber} from ${meta.author}`,
    creator: meta.creator ?? 'Keel',
    producer: meta.producer ?? 'Keel (pdf-lib)',
    date,
    level: meta.conformanceLevel ?? 'EN 16931',
  };

  // The Info dictionary, the same as the XMP.
  doc.setTitle(fields.title);
  doc.setAuthor(fields.author);
  doc.setSubject(fields.subject);
  doc.setCreator(fields.creator);
  doc.setProducer(fields.producer);
  doc.setCreationDate(date);
  doc.setModificationDate(date);
  const info = doc.context.lookup(doc.context.trailerInfo.Info);
  if (info instanceof PDFDict) info.delete(PDFName.of('Keywords')); // not in the XMP

  const xml = new TextEncoder().encode(ciiXml);
  await doc.attach(xml, FACTURX_FILENAME, {
    mimeType: 'text/xml',
    description: `Factur-X invoice ${meta.invoiceNumber} (${fields.level})`,
    creationDate: date,
    modificationDate: date,
    afRelationship: AFRelationship.Alternative,
  });

  setMetadata(doc, facturXXmp(fields));
  setOutputIntent(doc);

  // The ID: a digest of the e-invoice and its metadata, the same in both places (first
  // version): the same invoice keeps its ID when its PDF is rendered again (pdf-lib gives
  // font and resource names a random suffix, so those bytes differ from render to render).
  const id = createHash('md5').update(xml).update(JSON.stringify(meta)).digest('hex');
  doc.context.trailerInfo.ID = doc.context.obj([PDFHexString.of(id), PDFHexString.of(id)]);

  return doc.save({
    useObjectStreams: false,
    addDefaultPage: false,
    updateFieldAppearances: false,
  });
}
