// Node 20's vm.SyntheticModule can crash the process (SIGSEGV in ModuleWrap::SyntheticModuleEvaluationStepsCallback)
// when its JavaScript wrapper is garbage-collected after linking and before V8 evaluates it: V8 then calls back into a
// wrapper that is gone. Module Federation's "vm" loader (decision 019) makes a SyntheticModule per shared import
// and keeps only the V8 module, so under load the shell's server died silently (exit status 139, found with gdb;
// decision 030). Until the Node we run on keeps them alive itself, each SyntheticModule is held here from its creation
// until its evaluation steps have run (after which V8 never calls back), so none is collected too early and none is
// kept for ever.
import { createRequire, syncBuiltinESMExports } from 'node:module';

type SyntheticModuleClass = new (exportNames: string[], evaluate: () => void, options?: object) => object;

/** Modules created and not yet evaluated (exported for the test). */
export const awaitingEvaluation = new Set<object>();

export function keepSyntheticModulesAlive(): boolean {
  const vm = createRequire(import.meta.url)('node:vm') as { SyntheticModule?: SyntheticModuleClass };
  const Native = vm.SyntheticModule;
  if (!Native || (Native as { kept?: boolean }).kept) return false;
  class KeptSyntheticModule extends Native {
    static kept = true;
    constructor(exportNames: string[], evaluate: () => void, options?: object) {
      const self: { module?: object } = {};
      super(
        exportNames,
        function (this: unknown) {
          try {
            evaluate.call(this);
          } finally {
            if (self.module) awaitingEvaluation.delete(self.module);
          }
        },
        options,
      );
      self.module = this;
      awaitingEvaluation.add(this);
    }
  }
  vm.SyntheticModule = KeptSyntheticModule;
  // `import('vm')` (the federation loader's way) sees the replacement too.
  syncBuiltinESMExports();
  return true;
}
