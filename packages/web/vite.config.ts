import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const api = `http://localhost:${process.env.API_PORT ?? 8080}`;

/** A package's folder under node_modules, whichever the platform's path separator. */
const packages = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](${names})[\\\\/]`);

/**
 * Writes each built script, style sheet, page and icon also as `.br` (brotli, its best quality) and `.gz` (gzip -9),
 * once, at build time: the server sends these as they are to a browser that takes them (14-17% smaller than what it
 * compressed on the fly, at no cost per request). A file under 1 KB, or one compression does not shrink, is left as
 * it is.
 */
function precompress(): Plugin {
  return {
    name: 'psps-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const files = Object.values(bundle)
        .map((item) => ({
          name: item.fileName,
          bytes: Buffer.from(item.type === 'chunk' ? item.code : item.source),
        }))
        .filter(({ name, bytes }) => /\.(js|css|html|svg)$/.test(name) && bytes.length >= 1024);
      for (const { name, bytes } of files) {
        const brotli = brotliCompressSync(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        });
        const gzip = gzipSync(bytes, { level: 9 });
        if (brotli.length < bytes.length) await writeFile(path.join(outDir, `${name}.br`), brotli);
        if (gzip.length < bytes.length) await writeFile(path.join(outDir, `${name}.gz`), gzip);
      }
    },
  };
}

/** `@/…` is the console's src folder (tsconfig.json's paths): what a feature imports from outside itself. */
export const sourceAlias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: { alias: sourceAlias },
  server: {
    port: 5173,
    proxy: { '/api': api, '/csv': api, '/l/': api, '/healthz': api },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Each screen is a file of its own (app/screens.tsx), fetched when first shown. The libraries are files of
        // their own too, apart from the console's code: a deploy that changes the console leaves them in the browser's
        // cache (a file's name is a hash of its content). No file is over Vite's 500 kB warning.
        codeSplitting: {
          groups: [
            // React and the router, with React's shim that the rich-text editor and the charts share.
            {
              name: 'react',
              test: packages(
                'react|react-dom|scheduler|react-router|cookie|set-cookie-parser|use-sync-external-store',
              ),
              priority: 4,
            },
            // The other libraries the login page and the shell need (Mantine, TanStack Query, zod): a library only
            // screens use (the charts of the reports) comes with them.
            { name: 'vendor', test: packages('.+'), tags: ['$initial'], priority: 3 },
            // The console's own code behind the login page and the shell.
            { name: 'shell', test: /[\\/](web|contracts)[\\/]src[\\/]/, tags: ['$initial'], priority: 3 },
            // The rich-text editor of ad hoc e-mails (and what it is made of): only the template editor fetches it.
            {
              name: 'rich-text',
              test: packages(
                '@tiptap/[a-z-]+|prosemirror-[a-z-]+|linkifyjs|orderedmap|rope-sequence|w3c-keyname',
              ),
              priority: 2,
            },
            // What two screens or more share (Mantine's tables and selects, the console's components): one file
            // rather than a dozen small ones, each a request of its own on a slow connection.
            {
              name: 'screens-common',
              test: /[\\/]web[\\/]src[\\/]components[\\/]|[\\/]node_modules[\\/](@mantine[\\/](core|hooks)|@tabler[\\/]icons-react)[\\/]/,
              minShareCount: 2,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
