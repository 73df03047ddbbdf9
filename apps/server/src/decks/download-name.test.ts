import { describe, expect, it } from 'vitest';
import { attachmentHeader, downloadFileName } from './download-name.ts';

describe('downloadFileName', () => {
  it('joins title and client', () => {
    expect(downloadFileName('Q3 Proposal', 'Acme Cold Storage', 'pdf')).toBe(
      'Q3 Proposal - Acme Cold Storage.pdf',
    );
  });

  it('removes anything that could break the header or a path', () => {
    const name = downloadFileName('Deal "2026"\r\nX-Evil: 1', '../../etc/passwd', 'pptx');
    expect(name).not.toMatch(/["\r\n/\\]/);
    expect(attachmentHeader(name)).toBe(`attachment; filename="${name}"`);
    expect(name.endsWith('.pptx')).toBe(true);
  });

  it('keeps accented names readable and falls back when nothing is left', () => {
    expect(downloadFileName('Offre', 'Café Réfrigéré', 'pdf')).toBe('Offre - Cafe Refrigere.pdf');
    expect(downloadFileName('数据', '記録', 'pdf')).toBe('deck.pdf');
  });

  it('stays short', () => {
    expect(downloadFileName('x'.repeat(300), 'y'.repeat(300), 'pdf').length).toBeLessThanOrEqual(
      124,
    );
  });
});
