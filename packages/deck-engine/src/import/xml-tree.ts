import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { PptxPackage } from './pptx-package.ts';

/**
 * A part's XML as a tree that keeps its children in document order: in DrawingML the order is
 * meaning (shapes are drawn in it, runs and line breaks follow each other in it).
 */
export interface XmlElement {
  /** The qualified name as written (`p:sp`, `a:r`). */
  name: string;
  attrs: Readonly<Record<string, string>>;
  children: readonly XmlElement[];
  /** The element's own text (`a:t`), entities decoded. */
  text: string;
}

const orderedParser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  processEntities: true,
  // Character references (`&#x2022;`, as pptxgenjs writes a bullet) read as their characters.
  htmlEntities: true,
  // Text is kept as written: a run's leading or trailing space is part of the sentence.
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
});

type OrderedNode = Record<string, unknown> & { ':@'?: Record<string, string> };

function toElement(node: OrderedNode): XmlElement | undefined {
  const name = Object.keys(node).find((key) => key !== ':@' && key !== '#text');
  if (!name) return undefined;
  const raw = (node[name] as OrderedNode[]) ?? [];
  const children: XmlElement[] = [];
  let text = '';
  for (const child of raw) {
    if ('#text' in child) text += String(child['#text']);
    else {
      const element = toElement(child);
      if (element) children.push(element);
    }
  }
  return { name, attrs: node[':@'] ?? {}, children, text };
}

/** A part as an ordered tree; refused when it declares a DOCTYPE, as `readXmlPart` does. */
export function readXmlTree(pkg: PptxPackage, path: string): XmlElement | undefined {
  const bytes = pkg.parts.get(path);
  if (!bytes) return undefined;
  const source = new TextDecoder().decode(bytes);
  if (/<!DOCTYPE|<!ENTITY/i.test(source)) {
    throw new Error(`${path} declares a DOCTYPE, which a presentation never needs`);
  }
  const nodes = orderedParser.parse(source) as OrderedNode[];
  for (const node of nodes) {
    const element = toElement(node);
    if (element && !element.name.startsWith('?')) return element;
  }
  return undefined;
}

/**
 * A whole XML document's root element, read from its text (a translator's XLIFF file). Refused
 * with the reason and the line when it is not well-formed, or when it declares a DOCTYPE.
 */
export function parseXmlDocument(source: string): XmlElement {
  if (/<!DOCTYPE|<!ENTITY/i.test(source)) throw new Error('it declares a DOCTYPE');
  const checked = XMLValidator.validate(source);
  if (checked !== true) throw new Error(`line ${checked.err.line}: ${checked.err.msg}`);
  const nodes = orderedParser.parse(source) as OrderedNode[];
  for (const node of nodes) {
    const element = toElement(node);
    if (element && !element.name.startsWith('?')) return element;
  }
  throw new Error('it has no root element');
}

/** The first child of that name (`a:solidFill`), or undefined. */
export function child(element: XmlElement | undefined, name: string): XmlElement | undefined {
  return element?.children.find((c) => c.name === name);
}

/** Every child of that name, in order. */
export function childrenNamed(element: XmlElement | undefined, name: string): XmlElement[] {
  return element ? element.children.filter((c) => c.name === name) : [];
}

/** The element at the end of a path of child names (`p:spPr`, `a:xfrm`, `a:off`). */
export function pathOf(
  element: XmlElement | undefined,
  ...names: string[]
): XmlElement | undefined {
  let current = element;
  for (const name of names) current = child(current, name);
  return current;
}

/** A numeric attribute, or undefined when it is missing or not a number. */
export function numberAttr(element: XmlElement | undefined, name: string): number | undefined {
  const value = element?.attrs[name];
  if (value === undefined || value.trim() === '') return undefined;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : undefined;
}

/** A DrawingML boolean (`1`, `true`), or undefined when the attribute is missing. */
export function booleanAttr(element: XmlElement | undefined, name: string): boolean | undefined {
  const value = element?.attrs[name];
  if (value === undefined) return undefined;
  return value === '1' || value === 'true';
}
