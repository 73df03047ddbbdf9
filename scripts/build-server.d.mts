/** Where the built server goes: apps/server/dist. */
export const serverBuildDir: string;
/** Builds the server into `outdir` (apps/server/dist unless told). */
export function buildServer(options?: { outdir?: string }): Promise<unknown>;
/** Builds the server when there is no build yet or a source changed since the last one. */
export function buildServerIfNeeded(options?: { force?: boolean }): Promise<void>;
