// `npm run db:generate`: every file generated from the migrated database, from one database start:
// supabase/types/database.types.ts (`npm run db:types`) and supabase/schema/ (`npm run db:schema`).
// `--check` (`npm run check:generated`, part of `npm test`) writes nothing and fails when one is stale.
import fs from 'node:fs/promises';
import path from 'node:path';
import { checkMode, REPO_ROOT, withMigratedDatabase } from './migrated-database.ts';
import { generateSchema, SCHEMA_DIR, staleSchemaFiles, writeSchema } from './schema.ts';
import { generateTypes, TYPES_FILE, TYPES_STALE, typesAreStale } from './types.ts';

const { types, schema } = await withMigratedDatabase(async (databaseUrl) => ({
  types: await generateTypes(databaseUrl),
  schema: await generateSchema(databaseUrl),
}));
const where = path.relative(REPO_ROOT, SCHEMA_DIR);

if (checkMode()) {
  const problems: string[] = [];
  if (await typesAreStale(types)) problems.push(TYPES_STALE);
  const stale = await staleSchemaFiles(schema);
  if (stale.length)
    problems.push(
      `${where} is stale (${stale.slice(0, 10).join(', ')}${stale.length > 10 ? ', …' : ''}): run npm run db:generate and commit it.`,
    );
  for (const problem of problems) console.error(problem);
  if (problems.length) process.exit(1);
  console.log(`${path.relative(REPO_ROOT, TYPES_FILE)} and ${where} are up to date.`);
} else {
  await fs.writeFile(TYPES_FILE, types);
  await writeSchema(schema);
  console.log(`wrote ${path.relative(REPO_ROOT, TYPES_FILE)} and ${schema.size} files in ${where}`);
}
