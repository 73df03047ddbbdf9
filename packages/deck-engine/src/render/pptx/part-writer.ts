/** The five characters `escaped` writes as entities, by character code, as UTF-8 bytes. */
const entities = new Array<Uint8Array | undefined>(0x80).fill(undefined);
for (const [character, entity] of [
  ['&', '&amp;'],
  ['<', '&lt;'],
  ['>', '&gt;'],
  ['"', '&quot;'],
  ["'", '&apos;'],
] as const) {
  entities[character.charCodeAt(0)] = Buffer.from(entity, 'latin1');
}

/**
 * A part's markup written as UTF-8 bytes as it is made, into one buffer reused from part to part:
 * no string per piece, no rope of them to flatten and copy into bytes at the end (a deck's slides
 * are ~0.6 MB of markup; as strings they allocated about five times that on V8's heap). The bytes
 * are those `Buffer.from(markup, 'utf8')` gives for the same markup, lone surrogates included.
 */
export class PartWriter {
  private buffer: Buffer;
  private length = 0;

  constructor(capacity = 64 * 1024) {
    this.buffer = Buffer.allocUnsafe(capacity);
  }

  /** Room for `bytes` more. */
  private reserve(bytes: number): void {
    const needed = this.length + bytes;
    if (needed <= this.buffer.length) return;
    const grown = Buffer.allocUnsafe(Math.max(needed, this.buffer.length * 2));
    this.buffer.copy(grown, 0, 0, this.length);
    this.buffer = grown;
  }

  /** How many bytes are written since the last `take`. */
  get size(): number {
    return this.length;
  }

  /** Drops what was written after `size` was `at`. */
  truncate(at: number): void {
    this.length = Math.min(this.length, at);
  }

  /** Markup as it is (a constant, or text already escaped). */
  raw(text: string): this {
    const count = text.length;
    this.reserve(count * 3);
    const buffer = this.buffer;
    let at = this.length;
    for (let i = 0; i < count; i += 1) {
      const code = text.charCodeAt(i);
      if (code < 0x80) buffer[at++] = code;
      else {
        at = this.encode(text, i, code, at, buffer);
        i += this.skipped;
      }
    }
    this.length = at;
    return this;
  }

  /** Text escaped for an element or an attribute (all five entities, as `escapeXml`). */
  escaped(text: string | undefined | null): this {
    if (text === undefined || text === null) return this;
    const count = text.length;
    // `&quot;` is the longest escape: six bytes for one character.
    this.reserve(count * 6);
    const buffer = this.buffer;
    let at = this.length;
    for (let i = 0; i < count; i += 1) {
      const code = text.charCodeAt(i);
      const entity = code < 0x80 ? entities[code] : undefined;
      if (entity !== undefined) {
        for (let k = 0; k < entity.length; k += 1) buffer[at++] = entity[k]!;
      } else if (code < 0x80) buffer[at++] = code;
      else {
        at = this.encode(text, i, code, at, buffer);
        i += this.skipped;
      }
    }
    this.length = at;
    return this;
  }

  /** How many more UTF-16 units the last `encode` consumed (1 for a surrogate pair). */
  private skipped = 0;

  /** One character of 0x80 or more at `i` as UTF-8 at `at`; the position after it. */
  private encode(text: string, i: number, code: number, at: number, buffer: Buffer): number {
    this.skipped = 0;
    if (code < 0x800) {
      buffer[at++] = 0xc0 | (code >> 6);
      buffer[at++] = 0x80 | (code & 0x3f);
      return at;
    }
    if (code >= 0xd800 && code <= 0xdbff) {
      const low = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
      if (low >= 0xdc00 && low <= 0xdfff) {
        const point = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
        buffer[at++] = 0xf0 | (point >> 18);
        buffer[at++] = 0x80 | ((point >> 12) & 0x3f);
        buffer[at++] = 0x80 | ((point >> 6) & 0x3f);
        buffer[at++] = 0x80 | (point & 0x3f);
        this.skipped = 1;
        return at;
      }
      code = 0xfffd;
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      code = 0xfffd;
    }
    buffer[at++] = 0xe0 | (code >> 12);
    buffer[at++] = 0x80 | ((code >> 6) & 0x3f);
    buffer[at++] = 0x80 | (code & 0x3f);
    return at;
  }

  /** A number as a template literal writes it (a safe integer's digits without a string). */
  number(value: number): this {
    if (!Number.isSafeInteger(value)) return this.raw(String(value));
    this.reserve(17);
    const buffer = this.buffer;
    let at = this.length;
    let rest = value;
    if (rest < 0) {
      buffer[at++] = 0x2d;
      rest = -rest;
    }
    if (rest === 0) {
      buffer[at++] = 0x30;
    } else {
      let digits = 0;
      for (let n = rest; n > 0; n = Math.floor(n / 10)) digits += 1;
      at += digits;
      for (let p = at - 1; rest > 0; p -= 1) {
        buffer[p] = 0x30 + (rest % 10);
        rest = Math.floor(rest / 10);
      }
    }
    this.length = at;
    return this;
  }

  /** A number or a string (an option pptxgenjs takes either way), as a template literal. */
  value(value: number | string): this {
    return typeof value === 'number' ? this.number(value) : this.raw(value);
  }

  /** The bytes written since the last `take`, copied out; the writer starts again, empty. */
  take(): Buffer {
    const bytes = Buffer.allocUnsafe(this.length);
    this.buffer.copy(bytes, 0, 0, this.length);
    this.length = 0;
    return bytes;
  }
}
