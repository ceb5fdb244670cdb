import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { antdStaticStyles } from './server/antd-styles.ts';
import { localeTexts } from './server/locale-texts.ts';

// The SPA; served by the local stack's gateway from dist/ (npm run build), or by `npm run dev`
// with the API proxied to a running local stack (API_URL, default http://localhost:8080).
const api = process.env.API_URL ?? 'http://localhost:8080';

// A module made only of `export … from '…'` lines (a feature's or a shared folder's index.ts).
const REEXPORTS_ONLY = /^(?:\s*export\s+(?:type\s+)?(?:\*(?:\s+as\s+\w+)?|\{[^}]*\})\s+from\s+'[^']+';)*\s*$/;

/**
 * An index that only re-exports runs nothing of its own, so it is marked free of side effects: the
 * bundler then links an importer to the modules it really uses. Without this, importing one function
 * through an index made the importer's chunk load every module the index lists (the kiosk, which
 * needs the PIN punch from src/features/pin, loaded HR's PIN cards with antd's table, form and
 * typography: about 350 KB gzipped). Modules with code of their own keep their side effects.
 */
function indexesWithoutSideEffects(): Plugin {
  return {
    name: 'pointage:indexes-without-side-effects',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/src\/.*\.tsx?$/.test(id)) return null;
      const statements = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
      return REEXPORTS_ONLY.test(statements) ? { code, map: null, moduleSideEffects: false } : null;
    },
  };
}

export default defineConfig({
  plugins: [indexesWithoutSideEffects(), localeTexts(), react(), antdStaticStyles()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    // Two pages: the app, and the scanner page every fingerprint screen embeds (small: no antd, no Refine).
    rollupOptions: {
      input: {
        main: 'index.html',
        scanner: 'fingerprint/index.html',
      },
    },
  },
  server: {
    proxy: {
      '/rest': api,
      '/auth': api,
      '/realtime': { target: api, ws: true },
      '/runtime-config.json': api,
      '/health': api,
    },
  },
});
