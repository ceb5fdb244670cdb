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

const isIndex = (file, unit) => /^(index|lazy)\.tsx?$/.test(path.relative(path.join(SRC, unit), file));

export default {
  rules: {
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
