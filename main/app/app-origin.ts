// Where the lane UI lives inside Electron: the privileged app://lane origin, serving only the built
// UI's files, never a path outside them (Electron security checklist items 18 and 17: a custom
// protocol instead of file://, and every IPC sender checked against this origin).
import { extname, join, normalize, sep } from 'node:path';

/** The scheme of the lane UI inside Electron. */
export const APP_SCHEME = 'app';

/** The one host of that scheme. */
export const APP_HOST = 'lane';

/** The origin every IPC message must come from: app://lane. */
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/** The page the window loads. */
export const APP_START_URL = `${APP_ORIGIN}/index.html`;

/** Content types of the files the UI build produces. */
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

/** True when `url` is a page of the lane UI (app://lane/…), the only sender IPC accepts. */
export function isAppUrl(url: string | undefined): boolean {
  if (url === undefined) return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST;
  } catch {
    return false;
  }
}

/**
 * The file under `root` that `url` names (app://lane/ is index.html), or null when the URL is not
 * of the app origin or its path leaves `root` (after percent-decoding and normalising).
 */
export function appFilePath(url: string, root: string): string | null {
  if (!isAppUrl(url)) return null;
  let path: string;
  try {
    path = decodeURIComponent(new URL(url).pathname);
  } catch {
    return null;
  }
  if (path.includes('\0')) return null;
  const relative = normalize(path === '/' ? '/index.html' : path).replace(/^[/\\]+/, '');
  const file = join(root, relative);
  return file.startsWith(root.endsWith(sep) ? root : root + sep) ? file : null;
}

/** The Content-Type of a file of the UI build, by extension; octet-stream otherwise. */
export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}
