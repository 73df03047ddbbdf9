/**
 * Whether two documents hold the same, as their JSON says whatever the order of their keys (a
 * field set to undefined is one not there): an edit undone leaves an equal document, not the
 * same object.
 */
export function isSameDocument(a: unknown, b: unknown): boolean {
  return a === b || canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(
          Object.entries(inner as Record<string, unknown>).sort(([x], [y]) => x.localeCompare(y)),
        )
      : inner,
  );
}
