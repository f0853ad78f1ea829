import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

const repo = (path) => fileURLToPath(new URL(`../../${path}`, import.meta.url))

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Inside mocklib's repository the example uses the sources; an app that installed
  // mocklib from npm needs no alias.
  resolve: {
    alias: [
      { find: /^mocklib$/, replacement: repo('src/index.ts') },
      { find: /^mocklib\/browser$/, replacement: repo('src/browser.ts') },
    ],
  },
  cacheDir: repo('node_modules/.vite-browser-app'),
  server: { host: '127.0.0.1', port: 5173 },
  logLevel: 'warn',
  clearScreen: false,
})
