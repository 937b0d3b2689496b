// Build of the lane UI: Svelte 5 compiled by Vite from renderer/ into dist/app/renderer, relative
// asset paths so the same files load over the bridge (http://127.0.0.1) and Electron's app:// scheme.
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [svelte({ configFile: false })],
  build: {
    outDir: '../dist/app/renderer',
    emptyOutDir: true,
    target: 'chrome120',
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
  },
});
