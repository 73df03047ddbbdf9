/** Where the built server goes: apps/server/dist. */
export const serverBuildDir: string;
/** Builds the server into `outdir` (apps/server/dist unless told). */
export function buildServer(options?: { outdir?: string }): Promise<unknown>;
/** Builds the server when there is no build yet or a source changed since the last one. */
export function buildServerIfNeeded(options?: { force?: boolean }): Promise<void>;
/** npm packages bundled into the build, with what they import. */
export const bundledNpmPackages: Set<string>;
/** npm packages always left to Node, each with the reason. */
export const npmPackagesKeptOutside: Map<string, string>;
/** The esbuild plugin and banner that bundle `bundledNpmPackages`, for other builds of the engine. */
export const npmPackagesBundling: { plugin: import('esbuild').Plugin; banner: string };
/** Bundled npm packages whose modules keep their own file's address in node_modules (pdfkit). */
export const npmPackagesKeepingTheirAddress: Set<string>;
/** The folder beside the built entries where Node 22.1+ keeps their compiled code (ADR 061). */
export const compileCacheDir: string;
/** Modules bundled npm packages import that load on first use instead, with their importers and the stand-in's shape. */
export const npmModulesLoadedOnFirstUse: Map<
  string,
  { importers: string[]; standIn: 'function' | 'trie' }
>;
