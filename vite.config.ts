import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { antdStaticStyles } from './server/antd-styles.ts';

// The SPA; served by the local stack's gateway from dist/ (npm run build), or by `npm run dev`
// with the API proxied to a running local stack (API_URL, default http://localhost:8080).
const api = process.env.API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), antdStaticStyles()],
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
