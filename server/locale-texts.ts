// A namespace's texts in every language as one module, for src/i18n/index.ts's lazy loader.
//
// The texts are JSON files, one per language and namespace: src/i18n/locales/<language>/<ns>.json.
// The app loads a namespace in every language at once (switching language stays instant). Importing
// `locales/en/<ns>.json?languages` gives `{ en: …, fr: … }`: one chunk and one loader per namespace,
// where a loader per file doubled the loaders the first paint carries and split each namespace's
// shared keys over two files that compress apart.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const QUERY = '?languages';
const PREFIX = '\0locale-texts:';

export function localeTexts(): Plugin {
  return {
    name: 'pointage:locale-texts',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith(QUERY)) return null;
      const file = await this.resolve(source.slice(0, -QUERY.length), importer, { skipSelf: true });
      // Without '.json' at the end: Vite's JSON plugin would take the module for a JSON file.
      return file && `${PREFIX}${file.id.replace(/\.json$/, '')}`;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const file = `${id.slice(PREFIX.length)}.json`;
      const locales = path.dirname(path.dirname(file));
      const languages = readdirSync(locales, { withFileTypes: true }).filter((entry) => entry.isDirectory());
      const imports = languages.map(
        ({ name }, i) =>
          `import t${i} from ${JSON.stringify(path.join(locales, name, path.basename(file)))};`,
      );
      const fields = languages.map(({ name }, i) => `${JSON.stringify(name)}: t${i}`);
      return `${imports.join('\n')}\nexport default { ${fields.join(', ')} };\n`;
    },
  };
}
