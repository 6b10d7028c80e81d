import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The API server listens on 3000 in development; the dev server forwards API and socket traffic there so the
// SPA talks to one origin, exactly as in production where the server serves the built files itself.
const apiTarget = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  // The manifest lets scripts/size-budget.ts follow each route's chunk and its static imports (decision 016).
  build: { outDir: 'dist', sourcemap: true, manifest: true },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
