import { readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

/**
 * The small part of `@vladmandic/human` this package uses. Its type declarations sit behind an
 * `exports` map that TypeScript cannot resolve, so the surface is declared here.
 */
export interface HumanTensor {
  shape: number[];
}

interface HumanTf {
  tensor4d(values: Uint8Array | Int32Array, shape: number[], dtype: 'int32'): HumanTensor;
  slice(x: HumanTensor, begin: number[], size: number[]): HumanTensor;
  dispose(x: HumanTensor | HumanTensor[]): void;
  io: {
    registerLoadRouter(router: (url: string | string[]) => unknown): void;
  };
  engine(): { state: { numTensors: number } };
}

interface HumanBodyKeypoint {
  part: string;
  position: number[];
  score: number;
}

interface HumanBody {
  score: number;
  keypoints: HumanBodyKeypoint[];
}

interface HumanObject {
  score: number;
  label: string;
  box: [number, number, number, number];
}

interface HumanFace {
  score: number;
  boxScore?: number;
  box: [number, number, number, number];
  embedding?: number[];
}

interface HumanResult {
  body: HumanBody[];
  object: HumanObject[];
  face: HumanFace[];
  error?: string | null;
}

export interface HumanInstance {
  tf: HumanTf;
  load(): Promise<void>;
  detect(input: HumanTensor, config?: Record<string, unknown>): Promise<HumanResult>;
}

type HumanConstructor = new (config: Record<string, unknown>) => HumanInstance;

/**
 * Resolves a package folder without going through its `exports` map: Human's map rejects deep
 * paths (ERR_PACKAGE_PATH_NOT_EXPORTED) and its default entry requires tfjs-node, which cannot be
 * installed offline.
 */
function packageFolder(name: string): string {
  for (const dir of require.resolve.paths(name) ?? []) {
    const candidate = path.join(dir, name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
  }
  throw new Error(`package ${name} not found`);
}

const humanFolder = packageFolder('@vladmandic/human');
const modelsFolder = path.join(humanFolder, 'models');
const wasmFolder = path.join(packageFolder('@tensorflow/tfjs-backend-wasm'), 'dist');

interface ModelJson {
  modelTopology: unknown;
  weightsManifest: { paths: string[]; weights: unknown[] }[];
  format?: string;
  generatedBy?: string;
  convertedBy?: string;
  signature?: unknown;
  userDefinedMetadata?: unknown;
}

/**
 * Without tfjs-node nothing in TF.js reads `file://` URLs, so model JSON and its weight shards are
 * read from disk here and handed over as model artifacts.
 */
function fileModelLoader(url: string) {
  return {
    load: async () => {
      const jsonPath = fileURLToPath(url);
      const model = JSON.parse(readFileSync(jsonPath, 'utf8')) as ModelJson;
      const folder = path.dirname(jsonPath);
      const shards: Buffer[] = [];
      const weightSpecs: unknown[] = [];
      for (const group of model.weightsManifest) {
        for (const shard of group.paths) shards.push(readFileSync(path.join(folder, shard)));
        weightSpecs.push(...group.weights);
      }
      const all = Buffer.concat(shards);
      return {
        modelTopology: model.modelTopology,
        format: model.format,
        generatedBy: model.generatedBy,
        convertedBy: model.convertedBy,
        signature: model.signature,
        userDefinedMetadata: model.userDefinedMetadata,
        weightSpecs,
        weightData: all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength),
      };
    },
  };
}

let routerRegistered = false;

/**
 * Creates Human on the TF.js WASM backend with everything loaded from local files: the models
 * shipped inside the npm package and the backend's own .wasm binaries (the default is a CDN).
 * Every per-frame cache is switched off because we feed it crops of different people in turn.
 */
export async function loadHuman(): Promise<HumanInstance> {
  const { Human } = require(path.join(humanFolder, 'dist', 'human.node-wasm.js')) as {
    Human: HumanConstructor;
  };
  const human = new Human({
    backend: 'wasm',
    wasmPath: wasmFolder + path.sep,
    modelBasePath: pathToFileUrl(modelsFolder),
    debug: false,
    async: false,
    warmup: 'none',
    cacheSensitivity: 0,
    cacheModels: false,
    filter: { enabled: false },
    gesture: { enabled: false },
    hand: { enabled: false },
    segmentation: { enabled: false },
    object: {
      enabled: true,
      modelPath: 'centernet.json',
      minConfidence: 0.15,
      // A loose overlap limit: people standing close (or one seated in front of another) have
      // heavily overlapping boxes, and duplicate boxes on one body are removed after pose.
      iouThreshold: 0.8,
      maxDetected: 20,
      skipFrames: 0,
      skipTime: 0,
    },
    body: {
      enabled: true,
      modelPath: 'movenet-lightning.json',
      maxDetected: 1,
      minConfidence: 0.05,
      skipFrames: 0,
      skipTime: 0,
    },
    face: {
      enabled: true,
      detector: {
        modelPath: 'blazeface.json',
        rotation: false,
        maxDetected: 1,
        skipFrames: 0,
        skipTime: 0,
        minConfidence: 0.3,
        return: false,
      },
      mesh: { enabled: false },
      attention: { enabled: false },
      iris: { enabled: false },
      emotion: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
      description: { enabled: true, modelPath: 'faceres.json', skipFrames: 0, skipTime: 0 },
    },
  });
  if (!routerRegistered) {
    human.tf.io.registerLoadRouter((url) =>
      typeof url === 'string' && url.startsWith('file://') ? fileModelLoader(url) : null,
    );
    routerRegistered = true;
  }
  await human.load();
  return human;
}

function pathToFileUrl(folder: string): string {
  return 'file://' + folder.split(path.sep).join('/') + '/';
}

/** Per-call switches: run only the model a step needs. */
export const ONLY_PEOPLE = {
  object: { enabled: true },
  body: { enabled: false },
  face: { enabled: false },
};
export const ONLY_POSE = {
  object: { enabled: false },
  body: { enabled: true },
  face: { enabled: false },
};
export const ONLY_FACE = {
  object: { enabled: false },
  body: { enabled: false },
  face: { enabled: true },
};
