import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: { port: 5173, proxy: { '/api': 'http://localhost:5000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React changes less often than our code: its own chunk stays cached across releases. Other
        // libraries stay with the pages that use them (one vendor chunk would make the landing page
        // load the admin's charts and the credits page's payment code).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            // The contract's plain constants (prices, limits) without zod: the landing page shows
            // some. Captured before the schemas group, which would otherwise take them in as a
            // dependency of the schemas.
            {
              name: 'constants',
              test: /packages[\\/]contract[\\/]src[\\/]constants\.ts$/,
              priority: 2,
            },
            // The audio limits and messages without zod, for the How To (captured before the
            // schemas group for the same reason).
            {
              name: 'audio-limits',
              test: /packages[\\/]contract[\\/]src[\\/](audio-limits|words)\.ts$/,
              priority: 2,
            },
            // Zod, its eval-free setting and the contract's schemas in one chunk, in import order
            // (src/lib/contract.ts imports the setting first): the setting must run before the first
            // schema is built, which separate chunks evaluated in another order did not guarantee.
            // Only the pages and dialogs that use a schema load it.
            {
              name: 'schemas',
              test: /node_modules[\\/]zod[\\/]|packages[\\/]contract[\\/]|src[\\/]lib[\\/](zod-jitless|contract)\.ts$/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
