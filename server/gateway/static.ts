// The built SPA: files from the build folder, index.html for client-side routes.
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
};

async function fileAt(root: string, pathname: string): Promise<string | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  const file = path.resolve(root, '.' + path.posix.normalize('/' + decoded));
  if (file !== root && !file.startsWith(root + path.sep)) return undefined; // no way out of the build folder
  try {
    const stat = await fs.stat(file);
    if (stat.isFile()) return file;
    if (stat.isDirectory()) {
      const index = path.join(file, 'index.html');
      if ((await fs.stat(index).catch(() => undefined))?.isFile()) return index;
    }
  } catch {
    // not there
  }
  return undefined;
}

export async function serveStatic(
  req: IncomingMessage,
  res: ServerResponse,
  rootDir: string,
  pathname: string,
): Promise<void> {
  const root = path.resolve(rootDir);
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain' }).end('Method Not Allowed');
    return;
  }
  let file = await fileAt(root, pathname);
  // History fallback: a route of the SPA (no file extension) gets index.html.
  if (!file && path.posix.extname(pathname) === '') file = await fileAt(root, '/index.html');
  if (!file) {
    const built = await fileAt(root, '/index.html');
    res
      .writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' })
      .end(
        built
          ? 'Not found'
          : `The web app is not built: no ${path.join(rootDir, 'index.html')}. Run npm run build.`,
      );
    return;
  }
  const { size } = await fs.stat(file);
  const immutable = pathname.startsWith('/assets/');
  res.writeHead(200, {
    'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    'Content-Length': size,
    'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(file).pipe(res);
}
