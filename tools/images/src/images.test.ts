// The images built offline from this checkout (README's test command: IMAGES_STACK=e2e, see vitest.config.ts); the
// compose stack's test then runs on exactly these (e2e/images/stack.spec.ts, IMAGES_PREBUILT=1).
import { describe, expect, it } from 'vitest';
import { buildImages, IMAGES } from './build.ts';

describe('pnpm images', () => {
  it('builds every image without a registry: the base, Node, the apps, the services and the stand-ins', async () => {
    // Not typechecked again: the test command has just typechecked the same sources.
    const sizes = await buildImages(undefined, { typecheck: false });
    expect(Object.keys(sizes).sort()).toEqual(expect.arrayContaining(Object.values(IMAGES).sort()));
    for (const image of Object.values(IMAGES)) expect(sizes[image], image).toMatch(/^\d+(\.\d+)? ?[kMG]?B$/);
  }, 900_000);
});
