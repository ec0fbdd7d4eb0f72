import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = `http://localhost:${process.env.API_PORT ?? 3000}`;

// changeOrigin stays false: the server refuses mutating requests whose Origin differs from the
// Host, so the proxied request must keep the Vite host the browser actually talked to.
const proxyToApi = { target: apiTarget, changeOrigin: false };

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: {
      '/api': proxyToApi,
      '/uploads': proxyToApi,
    },
  },
});
