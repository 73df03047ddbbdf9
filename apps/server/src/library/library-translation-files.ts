import { createHash } from 'node:crypto';
import { deckLanguageOf, isDeckLanguage } from '@deck-portal/domain';
import { parseXmlDocument, type XmlElement } from '@deck-portal/deck-engine/library';
import { AppError } from '../http/app-error.ts';

/**
 * A language's translations as a translator's tools take them: XLIFF (1.2 or 2.0) or a CSV file
 * (UTF-8 with a byte order mark, `id,source,target`, quoted as RFC 4180 says). Each text is named
 * by an id made from its source, so the same text has the same id in every export, and a file
 * comes back to the texts it was made from whatever order its entries are in.
 */

/** One text of a file: its id, the library's text and its translation (empty when none). */
export interface TranslationFileEntry {
  id: string;
  source: string;
  target: string;
  /** Where the library shows it (`Title slide; Pricing`), as a note for the translator. */
  note?: string;
}

/** An entry the file held that cannot be read as a text (inline markup the library has not). */
export interface UnreadableEntry {
  id: string;
  source: string;
  message: string;
}

/** The id a text goes by in exported files: a short hash of its source, stable while it is. */
export function translationTextId(source: string): string {
  return `t${createHash('sha256').update(source).digest('hex').slice(0, 16)}`;
}

// Characters XML 1.0 cannot carry at all; the library's texts have none, a stray one is dropped.
// eslint-disable-next-line no-control-regex -- finding them is the point
const notXmlCharacter = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

function escapeXml(text: string): string {
  return text
    .replace(notXmlCharacter, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** A language's texts as an XLIFF file of that version. */
export function writeXliff({
  sourceLanguage,
  targetLanguage,
  version,
  entries,
}: {
  sourceLanguage: string;
  targetLanguage: string;
  version: '1.2' | '2.0';
  entries: readonly TranslationFileEntry[];
}): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const src = escapeXml(sourceLanguage);
  const trg = escapeXml(targetLanguage);
  if (version === '1.2') {
    lines.push(
      '<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">',
      `  <file original="library" datatype="plaintext" source-language="${src}" target-language="${trg}">`,
      '    <body>',
    );
    for (const entry of entries) {
      lines.push(`      <trans-unit id="${entry.id}" xml:space="preserve">`);
      lines.push(`        <source>${escapeXml(entry.source)}</source>`);
      if (entry.target !== '') {
        lines.push(`        <target state="translated">${escapeXml(entry.target)}</target>`);
      }
      if (entry.note) lines.push(`        <note>${escapeXml(entry.note)}</note>`);
      lines.push('      </trans-unit>');
    }
    lines.push('    </body>', '  </file>', '</xliff>');
  } else {
    lines.push(
      `<xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0" srcLang="${src}" trgLang="${trg}">`,
      '  <file id="library">',
    );
    for (const entry of entries) {
      lines.push(`    <unit id="${entry.id}">`);
      if (entry.note) {
        lines.push(`      <notes><note>${escapeXml(entry.note)}</note></notes>`);
      }
      lines.push(`      <segment state="${entry.target === '' ? 'initial' : 'translated'}">`);
      lines.push(`        <source xml:space="preserve">${escapeXml(entry.source)}</source>`);
      if (entry.target !== '') {
        lines.push(`        <target xml:space="preserve">${escapeXml(entry.target)}</target>`);
      }
      lines.push('      </segment>', '    </unit>');
    }
    lines.push('  </file>', '</xliff>');
  }
  return `${lines.join('\n')}\n`;
}

const BOM = '\ufeff';

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** A language's texts as CSV: UTF-8 with a byte order mark (so Excel reads it as such), CRLF. */
export function writeTranslationsCsv(entries: readonly TranslationFileEntry[]): string {
  const rows = [
    ['id', 'source', 'target'],
    ...entries.map((entry) => [entry.id, entry.source, entry.target]),
  ];
  return `${BOM}${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** What a file said: its entries in order, and those that could not be read as texts. */
export interface ReadTranslationFile {
  format: 'xliff' | 'csv';
  entries: TranslationFileEntry[];
  unreadable: UnreadableEntry[];
}

const malformed = (message: string) =>
  new AppError('validation_failed', `The file cannot be read: ${message}`);

/**
 * A translation file for `language`, XLIFF or CSV (told apart by its first character). A file
 * that is not well-formed, or is for another language, is refused whole (400) with the reason.
 */
export function readTranslationFile(text: string, language: string): ReadTranslationFile {
  const content = text.startsWith(BOM) ? text.slice(BOM.length) : text;
  if (content.trim() === '') throw malformed('it is empty.');
  return content.trimStart().startsWith('<')
    ? readXliff(content, language)
    : { format: 'csv', entries: readTranslationsCsv(content), unreadable: [] };
}

/** An element's name without its namespace prefix (`xliff:unit` is `unit`). */
const localName = (element: XmlElement) => element.name.slice(element.name.indexOf(':') + 1);

const childrenOf = (element: XmlElement | undefined, name: string) =>
  element ? element.children.filter((child) => localName(child) === name) : [];

/** Every descendant of that name, through any groups between. */
function descendants(element: XmlElement, name: string): XmlElement[] {
  return element.children.flatMap((child) =>
    localName(child) === name ? [child] : descendants(child, name),
  );
}

const languageName = (tag: string) => (isDeckLanguage(tag) ? deckLanguageOf(tag).name : tag);

function assertTargetLanguage(declared: string | undefined, language: string) {
  if (!declared) return;
  const primary = declared.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if (primary !== '' && primary !== language) {
    throw new AppError(
      'validation_failed',
      `This file is a translation into ${languageName(primary)} (${declared}), not ${languageName(language)}: import it there.`,
    );
  }
}

function readXliff(content: string, language: string): ReadTranslationFile {
  let root: XmlElement;
  try {
    root = parseXmlDocument(content);
  } catch (error) {
    throw malformed(`it is not well-formed XML (${(error as Error).message}).`);
  }
  if (localName(root) !== 'xliff') {
    throw malformed(`it is XML, but not XLIFF (its root is <${root.name}>).`);
  }
  const version = root.attrs.version ?? '';
  const entries: TranslationFileEntry[] = [];
  const unreadable: UnreadableEntry[] = [];
  // Only the words themselves are a text: inline markup (placeholders, formatting) is not read.
  const textOf = (elements: readonly XmlElement[]) => ({
    text: elements.map((element) => element.text).join(''),
    hasMarkup: elements.some((element) => element.children.length > 0),
  });
  const add = (id: string, sources: XmlElement[], targets: XmlElement[]) => {
    const source = textOf(sources);
    const target = textOf(targets);
    if (source.hasMarkup || target.hasMarkup) {
      unreadable.push({
        id,
        source: source.text,
        message: 'It has inline markup; the library’s texts are plain words: write it without.',
      });
    } else entries.push({ id, source: source.text, target: target.text });
  };
  if (version.startsWith('1.')) {
    const files = childrenOf(root, 'file');
    for (const file of files) assertTargetLanguage(file.attrs['target-language'], language);
    for (const unit of files.flatMap((file) => descendants(file, 'trans-unit'))) {
      add(unit.attrs.id ?? '', childrenOf(unit, 'source'), childrenOf(unit, 'target'));
    }
  } else if (version.startsWith('2.')) {
    assertTargetLanguage(root.attrs.trgLang, language);
    for (const unit of childrenOf(root, 'file').flatMap((file) => descendants(file, 'unit'))) {
      const segments = childrenOf(unit, 'segment');
      add(
        unit.attrs.id ?? '',
        segments.flatMap((segment) => childrenOf(segment, 'source')),
        segments.flatMap((segment) => childrenOf(segment, 'target')),
      );
    }
  } else {
    throw malformed(`it is XLIFF version “${version}”; export as XLIFF 1.2 or 2.0.`);
  }
  return { format: 'xliff', entries, unreadable };
}

/** RFC 4180 records, each with the line it starts on; refused where a quote is out of place. */
function csvRecords(content: string): { line: number; fields: string[] }[] {
  const records: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let start = 1;
  let i = 0;
  let quoted = false;
  let wasQuoted = false;
  const endField = () => {
    fields.push(field);
    field = '';
    wasQuoted = false;
  };
  const endRecord = () => {
    endField();
    // A blank line (Excel adds one at the end) is no record.
    if (!(fields.length === 1 && fields[0] === '')) records.push({ line: start, fields });
    fields = [];
  };
  while (i < content.length) {
    const char = content[i]!;
    if (quoted) {
      if (char === '"') {
        if (content[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        wasQuoted = true;
        i += 1;
        const next = content[i];
        if (next !== undefined && next !== ',' && next !== '\r' && next !== '\n') {
          throw malformed(`line ${line}: a quoted field goes on after its closing quote.`);
        }
        continue;
      }
      if (char === '\n') line += 1;
      field += char;
      i += 1;
      continue;
    }
    if (char === '"') {
      if (field !== '' || wasQuoted) {
        throw malformed(`line ${line}: a quote inside a field that does not start with one.`);
      }
      quoted = true;
      i += 1;
    } else if (char === ',') {
      endField();
      i += 1;
    } else if (char === '\r' || char === '\n') {
      endRecord();
      i += char === '\r' && content[i + 1] === '\n' ? 2 : 1;
      line += 1;
      start = line;
    } else {
      field += char;
      i += 1;
    }
  }
  if (quoted) throw malformed(`line ${start}: a quoted field is never closed.`);
  if (field !== '' || fields.length > 0) endRecord();
  return records;
}

function readTranslationsCsv(content: string): TranslationFileEntry[] {
  const [header, ...rows] = csvRecords(content);
  if (!header) throw malformed('it is empty.');
  const names = header.fields.map((name) => name.trim().toLowerCase());
  if (names.length === 1 && /[;\t]/.test(names[0]!)) {
    throw malformed(
      'its columns are not separated by commas. Save it as “CSV UTF-8 (comma delimited)”.',
    );
  }
  const column = (name: string) => {
    const index = names.indexOf(name);
    if (index < 0) {
      throw malformed(`its first line must name the columns id, source and target (no “${name}”).`);
    }
    return index;
  };
  const [id, source, target] = [column('id'), column('source'), column('target')];
  return rows.map(({ line, fields }) => {
    if (fields.length !== names.length) {
      throw malformed(
        `line ${line} has ${fields.length} fields where the first line names ${names.length}.`,
      );
    }
    return { id: fields[id]!.trim(), source: fields[source]!, target: fields[target]! };
  });
}
