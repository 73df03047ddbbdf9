/** Every library query lives under `library`: a save or publish reloads the page's lists. */
export const libraryQueryKeys = {
  all: ['library'] as const,
  draft: ['library', 'draft'] as const,
  versions: ['library', 'versions'] as const,
  /** Under the draft's key: whatever changes the draft checks its slides again. */
  preflight: ['library', 'draft', 'preflight'] as const,
  import: (id: string) => ['library', 'import', id] as const,
  document: (kind: 'slide' | 'layout', id: string) => ['library', kind, id] as const,
  /** The picture library's lists, whatever their search: an upload or a new tag reloads them. */
  allPictures: ['library', 'pictures'] as const,
  pictures: (filter: { q: string; tag: string; own: boolean }) =>
    ['library', 'pictures', filter] as const,
};
