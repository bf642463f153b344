// @vitest-environment node
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { awaitingEvaluation, keepSyntheticModulesAlive } from './keep-synthetic-modules';

type Synthetic = { link(linker: () => never): Promise<void>; evaluate(): Promise<void>; setExport(name: string, value: unknown): void; namespace: Record<string, unknown> };
const SyntheticModule = () => (vm as unknown as { SyntheticModule?: new (names: string[], evaluate: () => void) => Synthetic }).SyntheticModule;

// The SyntheticModule exists only with --experimental-vm-modules (as the shell's server runs).
describe.runIf(SyntheticModule())('SyntheticModules under the federation loader', () => {
  it('are held from creation until evaluated, then let go, and still evaluate as before', async () => {
    expect(keepSyntheticModulesAlive()).toBe(true);
    expect(keepSyntheticModulesAlive()).toBe(false); // once
    const { SyntheticModule: Replaced } = (await import('vm')) as unknown as { SyntheticModule: new (names: string[], evaluate: () => void) => Synthetic };
    const module: Synthetic = new Replaced(['answer'], () => module.setExport('answer', 42));
    expect(awaitingEvaluation.has(module)).toBe(true);
    await module.link(() => {
      throw new Error('no imports');
    });
    await module.evaluate();
    expect(module.namespace.answer).toBe(42);
    expect(awaitingEvaluation.has(module)).toBe(false);
  });
});
