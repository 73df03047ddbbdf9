import { describe, expect, it } from 'vitest';
import { deckFileDisposition, downloadFileName, unicodeDownloadFileName } from './download-name.ts';

describe('downloadFileName', () => {
  it('names the file for the headline', () => {
    expect(downloadFileName('Proposal for Acme Cold Storage', 'pdf')).toBe(
      'Proposal for Acme Cold Storage.pdf',
    );
  });

  it('removes anything that could break the header or a path', () => {
    const name = downloadFileName('Deal "2026"\r\nX-Evil: 1 ../../etc/passwd', 'pptx');
    expect(name).not.toMatch(/["\r\n/\\]/);
    expect(name.endsWith('.pptx')).toBe(true);
  });

  it('keeps accented names readable and falls back when nothing is left', () => {
    expect(downloadFileName('Offre - Café Réfrigéré', 'pdf')).toBe('Offre - Cafe Refrigere.pdf');
    expect(downloadFileName('数据 記録', 'pdf')).toBe('deck.pdf');
  });

  it('stays short', () => {
    expect(downloadFileName('x'.repeat(600), 'pdf').length).toBeLessThanOrEqual(124);
  });
});

describe('unicodeDownloadFileName', () => {
  it('keeps every script and takes out only what a file system or header cannot hold', () => {
    expect(unicodeDownloadFileName('Café Größe - 日本 😀', 'pdf')).toBe('Café Größe - 日本 😀.pdf');
    expect(unicodeDownloadFileName('a/b\\c:"d" x\r\ny', 'pptx')).toBe('a-b-c-d- x-y.pptx');
  });

  it('cuts by whole characters', () => {
    const name = unicodeDownloadFileName('😀'.repeat(200), 'pdf');
    expect(Array.from(name.slice(0, -4)).every((char) => char === '😀')).toBe(true);
    expect(Array.from(name).length).toBe(124);
  });
});

describe('deckFileDisposition', () => {
  it('sends the UTF-8 name beside the ASCII fallback (RFC 6266/5987)', () => {
    expect(deckFileDisposition('Café Größe - 日本', 'pdf')).toBe(
      `attachment; filename="Cafe Gro-e.pdf"; filename*=UTF-8''Caf%C3%A9%20Gr%C3%B6%C3%9Fe%20-%20%E6%97%A5%E6%9C%AC.pdf`,
    );
  });

  it('percent-encodes the characters RFC 5987 does not allow bare', () => {
    expect(deckFileDisposition("Ö's (draft)* - x", 'pdf')).toContain(
      `filename*=UTF-8''%C3%96%27s%20%28draft%29-%20-%20x.pdf`,
    );
  });

  it('says nothing more when the name is plain ASCII', () => {
    expect(deckFileDisposition('Q3 - Acme', 'pptx')).toBe('attachment; filename="Q3 - Acme.pptx"');
  });
});
