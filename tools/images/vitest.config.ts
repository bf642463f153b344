import { defineConfig } from 'vitest/config';

// One file at a time: the stack's test owns the machine's podman and ports 8080 while it runs.
export default defineConfig({ test: { include: ['src/**/*.test.ts'], testTimeout: 120_000, fileParallelism: false } });
