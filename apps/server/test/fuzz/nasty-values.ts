/**
 * The catalogue of bad input. Each entry is named, so a counterexample reads as
 * `{kind:"nasty",name:"loneHighSurrogate"}` rather than as a megabyte of text.
 */

/** Strings that have broken servers before. */
export const nastyTexts = {
  empty: '',
  blank: '   ',
  nul: 'before\u0000after',
  onlyNul: '\u0000',
  loneHighSurrogate: 'before\ud800after',
  loneLowSurrogate: '\udc00',
  rtlOverride: 'invoice\u202egpj.exe',
  emoji: '👩‍👩‍👧‍👦🏳️‍🌈😀',
  zeroWidth: '\u200b\u200d\ufeff',
  controlCharacters: 'bell\u0007escape\u001b[31m',
  lineBreaks: 'line\r\nbreak\u2028separator',
  sqlQuote: "O'Brien'); drop table users; --",
  likeWildcards: '%_\\%',
  html: '<img src=x onerror=alert(1)>',
  pathTraversal: '../../../etc/passwd',
  formatString: '%s%n%d{0}${x}',
  combining: 'Z\u0351\u036b\u0343\u036a\u0302\u036b\u033d\u034f\u0334\u0319\u0324',
  long10k: 'x'.repeat(10_000),
  nonAscii: 'Zürich 東京 مرحبا שלום',
  nilUuid: '00000000-0000-0000-0000-000000000000',
  maxUuid: 'ffffffff-ffff-ffff-ffff-ffffffffffff',
  protoWord: '__proto__',
  negative: '-1',
  zero: '0',
  fraction: '1.5',
  notANumber: 'NaN',
  infinity: 'Infinity',
  hex: '0x10',
  overflow: '1e309',
  bigDigits: '9'.repeat(400),
  spacedNumber: ' 1 ',
} as const;
export type NastyTextName = keyof typeof nastyTexts;

/** Sizes of the huge strings: below the 1 MiB body limit (reaching the validators), at it, past it. */
export const hugeLengths = [300_000, 1_000_000, 1_048_577, 1_500_000, 2_000_000] as const;
/** What a huge string is made of: one byte, two, four, and the byte no database takes. */
export const hugeCharacters = ['a', 'é', '😀', '\u0000'] as const;

/**
 * JSON fragments written as text, for what JSON.stringify cannot say: wrong types, numbers
 * JavaScript cannot hold, nesting 5,000 deep, and prototype-poisoning keys.
 */
export const jsonFragments = {
  zero: '0',
  negative: '-1',
  fraction: '1.5',
  hugeNumber: '1e400',
  unsafeInteger: '9007199254740993',
  negativeZero: '-0',
  true: 'true',
  false: 'false',
  null: 'null',
  emptyArray: '[]',
  emptyObject: '{}',
  arrayOfString: '["x"]',
  objectWithKey: '{"a":1}',
  numericString: '"1"',
  duplicateKeys: '{"a":1,"a":2}',
  wideArray: `[${Array.from({ length: 20_000 }, () => '0').join(',')}]`,
  deepArrays: '['.repeat(5000) + ']'.repeat(5000),
  deepObjects: '{"a":'.repeat(5000) + '1' + '}'.repeat(5000),
  deepMixed: '[{"a":'.repeat(2500) + 'null' + '}]'.repeat(2500),
  protoKey: '{"__proto__":{"isAdmin":true}}',
  constructorPrototype: '{"constructor":{"prototype":{"isAdmin":true}}}',
} as const;
export type JsonFragmentName = keyof typeof jsonFragments;

/** Whole request bodies that are not JSON, or JSON in a form the server should refuse. */
export const badBodies = {
  empty: '',
  whitespace: '  \n ',
  truncated: '{"a":',
  trailingComma: '{"a":1,}',
  singleQuotes: "{'a':1}",
  unquotedKey: '{a:1}',
  comment: '{/* x */}',
  twoDocuments: '{}{}',
  notANumber: '{"a":NaN}',
  byteOrderMark: '\ufeff{}',
  justString: '"x"',
  justNumber: '1',
  justNull: 'null',
  justArray: '[]',
  arrayOfObjects: '[{}]',
  lonelyBrace: '}',
  rawNulInString: '{"a":"\u0000"}',
  escapedNul: '{"email":"\\u0000","name":"\\u0000","password":"\\u0000"}',
  escapedLoneSurrogate: '{"email":"\\ud800","name":"\\ud800","password":"\\ud800"}',
  deepArrays: jsonFragments.deepArrays,
  deepObjects: jsonFragments.deepObjects,
  protoKey: jsonFragments.protoKey,
  constructorPrototype: jsonFragments.constructorPrototype,
  nestedProto: '{"a":{"__proto__":{"isAdmin":true}}}',
  invalidUtf8: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
  utf16: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('{"a":1}', 'utf16le')]),
  formEncoded: 'email=a%40b.c&password=x&__proto__[isAdmin]=true',
  xml: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "http://attacker.example/x">]><a>&x;</a>',
  multipart: '--fuzz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--fuzz--\r\n',
} as const satisfies Record<string, string | Buffer>;
export type BadBodyName = keyof typeof badBodies;

/** Content types to send a body as; `none` sends no header at all. */
export const contentTypes = {
  json: 'application/json',
  jsonUtf8: 'application/json; charset=utf-8',
  jsonUtf16: 'application/json; charset=utf-16',
  jsonLatin1: 'application/json; charset=iso-8859-1',
  jsonUpperCase: 'APPLICATION/JSON',
  jsonVendor: 'application/vnd.api+json',
  textPlain: 'text/plain',
  textPlainUtf8: 'text/plain;charset=UTF-8',
  form: 'application/x-www-form-urlencoded',
  multipart: 'multipart/form-data; boundary=fuzz',
  xml: 'application/xml',
  octetStream: 'application/octet-stream',
  anything: '*/*',
  garbage: ';;;=',
  none: undefined,
} as const;
export type ContentTypeName = keyof typeof contentTypes;

/** Keys added to objects and queries that a careless handler might trust. */
export const extraKeys = [
  'extra',
  'isAdmin',
  'role',
  'status',
  'ownerId',
  'userId',
  'id',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '',
] as const;

/** Query strings sent as they are (not encoded again). */
export const rawQueries = [
  '%',
  '%ZZ',
  '%C0%AF',
  '%ED%A0%80',
  '%00=%00',
  '&&&',
  '=',
  '==&=',
  '?',
  '__proto__[isAdmin]=true',
  'constructor[prototype][isAdmin]=true',
  'a[b][c][d]=1',
  'scope=all&scope=all',
  'page=1&page=2&pageSize=1&pageSize=200',
] as const;

/** Path segments sent as they are (not encoded again). */
export const rawSegments = [
  '%',
  '%ZZ',
  '%C0%AF',
  '%ED%A0%80',
  '%00',
  '..',
  '%2e%2e',
  '%2F',
  'a%2Fb',
  '.',
  ';',
  'a;b=c',
] as const;

/** Lets a text show its name in a counterexample instead of its content. */
export type Text =
  | { kind: 'nasty'; name: NastyTextName }
  | { kind: 'huge'; length: number; char: (typeof hugeCharacters)[number] }
  | { kind: 'literal'; value: string };

export function textOf(text: Text): string {
  switch (text.kind) {
    case 'nasty':
      return nastyTexts[text.name];
    case 'huge':
      return text.char.repeat(Math.ceil(text.length / Buffer.byteLength(text.char)));
    case 'literal':
      return text.value;
  }
}

/**
 * Percent-encodes text for a URL as a client would: UTF-8, and a lone surrogate as the three
 * bytes a careless encoder writes (WTF-8), since encodeURIComponent refuses it.
 */
export function encodeText(text: string): string {
  if (/^[A-Za-z0-9\-._~]*$/.test(text)) return text;
  try {
    return encodeURIComponent(text);
  } catch {
    let encoded = '';
    for (const char of text) {
      const code = char.codePointAt(0)!;
      const bytes =
        code >= 0xd800 && code <= 0xdfff
          ? [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
          : [...Buffer.from(char, 'utf8')];
      encoded += /^[A-Za-z0-9\-._~]$/.test(char)
        ? char
        : bytes.map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
    }
    return encoded;
  }
}

/**
 * A header value as it could arrive over HTTP: the UTF-8 bytes read as Latin-1, without the
 * bytes no HTTP parser lets through (NUL, CR, LF), and within Node's 16 KiB header limit.
 */
export function headerValueOf(text: string): string {
  return Buffer.from(text, 'utf8')
    .toString('latin1')
    .replace(/[\0\r\n]/g, '')
    .slice(0, 16_000);
}
