import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = `http://localhost:${process.env.API_PORT ?? 8080}`;

/** A package's folder under node_modules, whichever the platform's path separator. */
const packages = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](${names})[\\\\/]`);

export default defineConfig({
  plugins: [react()],
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
