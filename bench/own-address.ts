// An esbuild plugin shared by the benches that bundle the engine as the server's build does.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';

/**
 * Sources that find their files beside themselves (`new URL('./seed/…', import.meta.url)`) keep
 * finding them from a bundle: each module's own address is written in where it names it.
 */
export const ownAddress: Plugin = {
  name: 'own-address',
  setup(context) {
    context.onLoad({ filter: /[\\/](packages|bench)[\\/].*\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      return {
        contents: source.replaceAll(
          'import.meta.url',
          JSON.stringify(pathToFileURL(args.path).href),
        ),
        loader: 'ts',
      };
    });
  },
};
