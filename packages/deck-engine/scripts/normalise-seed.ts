// `node --import tsx scripts/normalise-seed.ts` (in packages/deck-engine): writes each file of
// src/library/seed as the template format's schemas answer it (every default written out, keys
// in the schema's order), formatted as the repository formats JSON. The engine reads the files
// without checking them again (template-seed.ts); template-seed.test.ts says when one needs this.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseTemplateDocuments } from '@deck-portal/domain';
import { format, resolveConfig } from 'prettier';
import { seedFileSchemas } from '../src/library/template-seed.ts';

for (const [file, schema] of Object.entries(seedFileSchemas())) {
  const path = fileURLToPath(new URL(`../src/library/seed/${file}`, import.meta.url));
  const written = readFileSync(path, 'utf8');
  const documents = parseTemplateDocuments(schema as never, JSON.parse(written), `seed/${file}`);
  const normal = await format(JSON.stringify(documents, null, 2), {
    ...(await resolveConfig(path)),
    filepath: path,
  });
  if (normal !== written) {
    writeFileSync(path, normal);
    console.log(`seed/${file}: rewritten`);
  }
}
