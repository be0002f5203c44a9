import { defineConfig } from 'vitest/config'
import { ROOT_ALIASES } from './scripts/build/aliases'

export default defineConfig({
  resolve: { alias: ROOT_ALIASES },
  test: {
    include: [
      'server/**/*.test.ts',
      'common/**/*.test.ts',
      'app/**/*.test.{ts,tsx}',
      'tests/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    exclude: ['e2e/**', 'node_modules/**', 'dist/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
})
