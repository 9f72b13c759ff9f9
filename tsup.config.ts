import { defineConfig } from 'tsup';

// One bundle per executable face; dependencies stay external and load from node_modules.
export default defineConfig({
  entry: { cli: 'src/cli/main.ts', sdk: 'src/sdk/index.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  sourcemap: true,
  clean: true,
  // Chunks keep lazily imported code (the service, for `svc serve`) out of every other command's start.
  splitting: true,
});
