// Serves the built lane UI on app://lane with its CSP, and registers the scheme as secure and
// standard before the app is ready (Electron: protocol.registerSchemesAsPrivileged, protocol.handle).
import { readFile } from 'node:fs/promises';
import { APP_SCHEME, appFilePath, contentTypeOf } from './app-origin.ts';
import { contentSecurityPolicy } from './content-policy.ts';
import type { ElectronLike, ProtocolLike } from './electron-surface.ts';

/** Declares app:// secure and standard (call before app 'ready'); it gets no other privilege. */
export function registerAppScheme(electron: ElectronLike): void {
  electron.protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/** Answers app://lane/<path> with the file under `root`, 404 outside it; every answer has the CSP. */
export function serveApp(protocol: ProtocolLike, root: string): void {
  const headers = {
    'Content-Security-Policy': contentSecurityPolicy(),
    'X-Content-Type-Options': 'nosniff',
  };
  protocol.handle(APP_SCHEME, async (request) => {
    const file = appFilePath(request.url, root);
    if (file === null) return new Response('not found', { status: 404, headers });
    try {
      const body = await readFile(file);
      return new Response(body, { headers: { ...headers, 'Content-Type': contentTypeOf(file) } });
    } catch {
      return new Response('not found', { status: 404, headers });
    }
  });
}
