/** Builds the web app when there is no build yet or a source changed since the last one. */
export function buildWebIfNeeded(options?: { force?: boolean }): void;
