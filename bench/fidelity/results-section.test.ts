import { describe, expect, it } from 'vitest';
import { fidelitySectionOf, replaceFidelitySection } from './results-section.ts';

const before = '# Benchmark results\n\n## Speed\n\n| a | b |\n|---|---|\n| 1 | 2 |\n';
const after = '\n\n## Memory\n\nPeak RSS 290 MB.\n';

describe('replaceFidelitySection', () => {
  it('appends the section to a document that has none, keeping the document as it was', () => {
    const document = replaceFidelitySection(before, '## Fidelity\n\nfirst run');
    expect(document.startsWith(before)).toBe(true);
    expect(document).toContain(
      '<!-- pptx-fidelity:start -->\n## Fidelity\n\nfirst run\n<!-- pptx-fidelity:end -->\n',
    );
  });

  it('replaces only what lies between the markers', () => {
    const first = `${before}<!-- pptx-fidelity:start -->\nold table\n<!-- pptx-fidelity:end -->${after}`;
    const second = replaceFidelitySection(first, 'new table\n');
    expect(second).toBe(
      `${before}<!-- pptx-fidelity:start -->\nnew table\n<!-- pptx-fidelity:end -->${after}`,
    );
    expect(replaceFidelitySection(second, 'new table')).toBe(second);
    expect(fidelitySectionOf(second)).toBe(
      '<!-- pptx-fidelity:start -->\nnew table\n<!-- pptx-fidelity:end -->',
    );
  });
});
