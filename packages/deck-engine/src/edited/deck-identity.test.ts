import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  planIndexOf,
  readDeckIdentity,
  slideIdAt,
  slideIdScheme,
  stampIdentity,
} from './deck-identity.ts';

/** A presentation's parts as our renderer leaves them, three slides numbered 256 on. */
function presentationParts() {
  return new Map<string, Uint8Array>([
    [
      '[Content_Types].xml',
      strToU8('<?xml version="1.0"?><Types xmlns="x"><Default Extension="xml"/></Types>'),
    ],
    [
      '_rels/.rels',
      strToU8(
        '<?xml version="1.0"?><Relationships xmlns="r"><Relationship Id="rId1" Type="t" Target="docProps/core.xml"/><Relationship Id="rId2" Type="t" Target="ppt/presentation.xml"/></Relationships>',
      ),
    ],
    [
      'ppt/presentation.xml',
      strToU8(
        '<p:presentation><p:sldIdLst><p:sldId id="256" r:id="rId2"/><p:sldId id="257" r:id="rId3"/><p:sldId id="258" r:id="rId4"/></p:sldIdLst></p:presentation>',
      ),
    ],
  ]);
}

describe('a deck version named in its PowerPoint file', () => {
  const identity = { deckId: '6f1c2a7e-4a8b-4f0e-9d3c-1b2a3c4d5e6f', version: 3 };

  it('is written as custom properties that a file read back names', () => {
    const parts = presentationParts();
    stampIdentity(parts, identity);
    const custom = strFromU8(parts.get('docProps/custom.xml')!);
    expect(custom).toContain('name="DeckPortalDeck"><vt:lpwstr>6f1c2a7e-');
    expect(custom).toContain('name="DeckPortalVersion"><vt:i4>3</vt:i4>');
    expect(strFromU8(parts.get('_rels/.rels')!)).toContain(
      'Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/custom-properties" Target="docProps/custom.xml"',
    );
    expect(strFromU8(parts.get('[Content_Types].xml')!)).toContain(
      '<Override PartName="/docProps/custom.xml" ContentType="application/vnd.openxmlformats-officedocument.custom-properties+xml"/>',
    );
    const file = zipSync(Object.fromEntries(parts));
    expect(readDeckIdentity(file)).toEqual(identity);
  });

  it('numbers the slides from the version’s own base, every eighth id, in order', () => {
    const parts = presentationParts();
    stampIdentity(parts, identity);
    const ids = [
      ...strFromU8(parts.get('ppt/presentation.xml')!).matchAll(/sldId id="(\d+)"/g),
    ].map((m) => Number(m[1]));
    const scheme = slideIdScheme(identity);
    expect(ids).toEqual([scheme.base, scheme.base + 8, scheme.base + 16]);
    expect(ids.map((id) => planIndexOf(scheme, id, 3))).toEqual([0, 1, 2]);
    // PowerPoint's id for a slide added after the last (one above the largest) is none of ours,
    // nor is one past the plan's end.
    expect(planIndexOf(scheme, ids[2]! + 1, 3)).toBeUndefined();
    expect(planIndexOf(scheme, scheme.base + 24, 3)).toBeUndefined();
    // Ids stay within the range a slide id may take.
    expect(slideIdAt(scheme, 199)).toBeLessThan(2_147_483_648);
  });

  it('gives another version or deck other ids, and no identity PowerPoint’s usual ones', () => {
    const scheme = slideIdScheme(identity);
    expect(slideIdScheme({ ...identity, version: 4 }).base).not.toBe(scheme.base);
    expect(slideIdScheme({ ...identity, deckId: 'another' }).base).not.toBe(scheme.base);
    const plain = slideIdScheme(null);
    expect([0, 1, 2].map((i) => slideIdAt(plain, i))).toEqual([256, 257, 258]);
  });

  it('is null for a file that names none, or is not a file at all', () => {
    expect(readDeckIdentity(zipSync(Object.fromEntries(presentationParts())))).toBeNull();
    expect(readDeckIdentity(strToU8('not a zip'))).toBeNull();
    const parts = presentationParts();
    stampIdentity(parts, identity);
    const tampered = unzipSync(zipSync(Object.fromEntries(parts)));
    tampered['docProps/custom.xml'] = strToU8(
      strFromU8(tampered['docProps/custom.xml']!).replace('<vt:i4>3</vt:i4>', '<vt:i4>x</vt:i4>'),
    );
    expect(readDeckIdentity(zipSync(tampered))).toBeNull();
  });
});
