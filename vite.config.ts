/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@mocks': fileURLToPath(new URL('./mocks', import.meta.url)),
}

export default defineConfig({
  plugins: [react()],
  resolve: { alias },
  html: {
    // The server swaps this for a fresh nonce on every page it sends (server/spa.ts).
    cspNonce: '__CSP_NONCE__',
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/auth/v1': 'http://127.0.0.1:3000',
      '/rest/v1': 'http://127.0.0.1:3000',
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'mocks/**/*.test.ts'],
          setupFiles: ['src/app/testing/setupTests.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
