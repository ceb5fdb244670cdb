// The layout's import rule (docs/architecture.md), resolved on real paths: a screen folder
// (src/resources/<table>, src/pages/<page>) and a feature (src/features/<name>) are private units;
// another unit may reach a feature only through its index.ts (or lazy.ts, its parts loaded on demand), and a screen folder not at all.
// Shared layers (data, shared, domain, components, i18n, providers, fingerprint) import no unit
// but features' index. The route table (src/screens, App.tsx, RefineShell.tsx) may import screens.
import path from 'node:path';

const SRC = path.resolve(import.meta.dirname, '..', 'src');
const ROUTE_TABLE = [path.join(SRC, 'screens'), path.join(SRC, 'App.tsx'), path.join(SRC, 'RefineShell.tsx')];

/** 'resources/employees' | 'pages/kiosk' | 'features/two-factor' | null (shared). */
function unitOf(file) {
  const relative = path.relative(SRC, file).split(path.sep);
  if (relative[0] === '..' || relative.length < 3) return null;
  return ['resources', 'pages', 'features'].includes(relative[0]) ? `${relative[0]}/${relative[1]}` : null;
}

const DATA_CLIENT = path.join(SRC, 'data', 'client.ts');
/** The data layer: src/data, src/providers, and each folder's data.ts or data/ module. */
function inDataLayer(file) {
  const relative = path.relative(SRC, file).split(path.sep);
  if (relative[0] === 'data' || relative[0] === 'providers') return true;
  return relative.includes('data') || relative.at(-1) === 'data.ts';
}

const isIndex = (file, unit) => /^(index|lazy)\.tsx?$/.test(path.relative(path.join(SRC, unit), file));

export default {
  rules: {
    // Only the data layer holds the Supabase client (static or dynamic imports; a type is no client).
    'data-layer': {
      meta: {
        type: 'problem',
        schema: [],
        messages: {
          client:
            "Only the data layer (src/data, a folder's data.ts) talks to Supabase: call its typed functions.",
        },
      },
      create(context) {
        const file = context.filename;
        if (inDataLayer(file)) return {};
        const check = (node, source) => {
          if (typeof source !== 'string') return;
          const client =
            source === '@supabase/supabase-js' ||
            (source.startsWith('.') && path.resolve(path.dirname(file), source) === DATA_CLIENT);
          if (client) context.report({ node, messageId: 'client' });
        };
        return {
          ImportDeclaration: (node) => node.importKind !== 'type' && check(node, node.source.value),
          ExportNamedDeclaration: (node) =>
            node.source && node.exportKind !== 'type' && check(node, node.source.value),
          ExportAllDeclaration: (node) => check(node, node.source.value),
          ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
        };
      },
    },
    boundaries: {
      meta: {
        type: 'problem',
        schema: [],
        messages: { private: '{{target}} is private to {{unit}}: {{hint}}' },
      },
      create(context) {
        const file = context.filename;
        if (ROUTE_TABLE.some((p) => file === p || file.startsWith(p + path.sep))) return {};
        const own = unitOf(file);
        const check = (node, source) => {
          if (typeof source !== 'string' || !source.startsWith('.')) return;
          const target = path.resolve(path.dirname(file), source);
          const unit = unitOf(target);
          if (!unit || unit === own) return;
          if (unit.startsWith('features/') && isIndex(target, unit)) return;
          const hint = unit.startsWith('features/')
            ? "import it through the feature's index.ts"
            : 'move what is shared to src/shared, src/components or src/domain';
          context.report({ node, messageId: 'private', data: { target: source, unit, hint } });
        };
        return {
          ImportDeclaration: (node) => check(node, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
          ExportAllDeclaration: (node) => check(node, node.source.value),
          ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
        };
      },
    },
  },
};
