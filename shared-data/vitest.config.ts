import { webTestConfig } from '@phonehaat/federation-config/vitest';
import { defineConfig } from 'vitest/config';

export default defineConfig(webTestConfig());
