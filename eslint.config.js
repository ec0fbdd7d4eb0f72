import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

/**
 * Which server modules each module may import (through its index.ts). Layers, not habit: a
 * module builds only on those below it, so no two folders import each other. A new module, or a
 * new dependency, is added here; one that would close a cycle fails at once (see findCycle).
 */
export const serverModuleDependencies = {
  health: [],
  mail: ['access'],
  // Foundations every feature stands on, users and auth included: who may do what to which
  // video (access) and the app-wide event bus (events). Neither imports another module.
  access: [],
  events: [],
  videos: ['access', 'auth', 'events'],
  media: ['events'],
  users: ['events'],
  // Called by the modules where things happen; it calls none of them (see its Notifier).
  notifications: ['access', 'events'],
  auth: ['access', 'users'],
  profile: ['access', 'users'],
  coach: ['access', 'auth', 'events', 'notifications', 'users'],
  shares: ['access', 'auth', 'events', 'notifications', 'users'],
  annotations: ['access', 'events', 'notifications', 'users'],
  measurements: ['access', 'users'],
  players: ['access', 'users'],
  analysis: ['access', 'events', 'notifications', 'players'],
  chat: ['access', 'analysis'],
  uploads: ['access', 'auth', 'events', 'users'],
  clips: ['access', 'annotations', 'events', 'notifications', 'videos'],
  'video-exports': ['access', 'analysis', 'clips', 'events', 'videos'],
  admin: ['access', 'auth', 'users', 'videos'],
  teams: ['access', 'events', 'notifications', 'users'],
  // Suggested events are read from the analyses' readings.
  tagging: ['access', 'analysis', 'clips'],
};

/** A dependency cycle in `graph` (module → the modules it imports) as a path, or null. */
export function findCycle(graph) {
  const state = new Map(); // module → 'visiting' | 'done'
  const visit = (name, path) => {
    if (state.get(name) === 'done') return null;
    if (state.get(name) === 'visiting') return [...path.slice(path.indexOf(name)), name];
    state.set(name, 'visiting');
    for (const next of graph[name] ?? []) {
      const cycle = visit(next, [...path, name]);
      if (cycle) return cycle;
    }
    state.set(name, 'done');
    return null;
  };
  for (const name of Object.keys(graph)) {
    const cycle = visit(name, []);
    if (cycle) return cycle;
  }
  return null;
}

const folders = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const serverModules = folders('./apps/server/src/modules/');
for (const name of serverModules) {
  if (!(name in serverModuleDependencies)) {
    throw new Error(
      `eslint.config.js: place apps/server/src/modules/${name} in serverModuleDependencies`,
    );
  }
}
const cycle = findCycle(serverModuleDependencies);
if (cycle) throw new Error(`eslint.config.js: server modules in a cycle: ${cycle.join(' → ')}`);

// How deep a file may sit inside a module or a feature folder: each level gets its own pattern
// for a relative import that climbs out of the folder.
const DEPTHS = [0, 1, 2, 3, 4];
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const allowed = (name) =>
  serverModuleDependencies[name].length === 0
    ? `modules/${name} imports no other server module`
    : `modules/${name} may import only ${serverModuleDependencies[name].join(', ')}`;

/**
 * Server modules reach other modules only through their public surface (`../name`, its
 * index.ts) and only those below them. Tests may reach inside to set up what they test.
 */
function serverModuleRules(name) {
  const forbidden = serverModules.filter(
    (other) => other !== name && !serverModuleDependencies[name].includes(other),
  );
  return DEPTHS.map((depth) => {
    const up = escape('../'.repeat(depth + 1));
    const patterns = [
      {
        regex: `^${up}[^./][^/]*/.`,
        message:
          "Import another server module through its public surface, '../<module>' (its index.ts), not a file inside it.",
      },
      {
        regex: `^${up}\\.\\./modules(/|$)`,
        message: "Import another server module as '../<module>', its public surface.",
      },
      {
        regex: `^${up}\\.\\./plugins(/|$)`,
        message:
          "plugins/ build on the modules, so modules never import them: requireUser is in '../access', the session cookie in '../auth', rate limits and server faults in lib/, the app's shared parts are `app.*` (Pick<FastifyInstance, ...>).",
      },
    ];
    if (forbidden.length > 0) {
      patterns.push({
        regex: `^${up}(${forbidden.join('|')})(/|$)`,
        message: `${allowed(name)}: server modules build on the ones below them, never in a cycle (serverModuleDependencies in eslint.config.js).`,
      });
    }
    return {
      files: [`apps/server/src/modules/${name}/${'*/'.repeat(depth)}*.ts`],
      // A module's tables (its *.schema.ts) follow the database's foreign keys instead: below.
      ignores: ['**/*.test.ts', '**/*.schema.ts'],
      rules: { 'no-restricted-imports': ['error', { patterns }] },
    };
  });
}

const SCHEMA_MESSAGE =
  "A module's *.schema.ts holds its tables only: it may reference another module's tables (a foreign key) through that module's *.schema.ts, and imports nothing else of the server. db/schema.ts gathers them all.";

/**
 * Table definitions follow the database's foreign keys, not the modules' layers (a team's share
 * references a video): a schema file may import any other module's schema file, and only that.
 */
const serverSchemaRules = {
  files: ['apps/server/src/modules/*/*.schema.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { regex: '^\\.\\./[^./][^/]*(/(?![^/]+\\.schema$).*)?$', message: SCHEMA_MESSAGE },
          { regex: '^\\.\\./\\.\\.(/|$)', message: SCHEMA_MESSAGE },
        ],
      },
    ],
  },
};

const FEATURE_MESSAGE =
  'A web feature imports only @/lib, @/components, @/hooks, the contract and its own files; app/ composes features.';

/** Web features never import each other or the app that composes them. */
function webFeatureRules() {
  return DEPTHS.map((depth) => ({
    files: [`apps/web/src/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^@/(app|features)(/|$)', message: FEATURE_MESSAGE },
            { regex: `^${escape('../'.repeat(depth + 1))}`, message: FEATURE_MESSAGE },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: `ImportExpression > Literal[value=/^(@\\/(app|features)(\\/|$)|(\\.\\.\\/){${depth + 1}})/]`,
          message: FEATURE_MESSAGE,
        },
      ],
    },
  }));
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/.artifacts/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },

  // Boundaries (ARCHITECTURE.md, Conventions). scripts/lint-boundaries.test.ts shows each one
  // failing a change that crosses it.
  ...serverModules.flatMap(serverModuleRules),
  serverSchemaRules,
  {
    // The plugins wire modules into Fastify: they use what a module offers, not how it is built.
    files: ['apps/server/src/plugins/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+modules/[^/]+/.',
              message:
                "plugins/ import a server module through its public surface, '../modules/<module>' (its index.ts), not a file inside it.",
            },
          ],
        },
      ],
    },
  },
  ...webFeatureRules(),
  {
    files: ['apps/web/src/{lib,components,hooks}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@/|(\\.\\./)+)(app|features)(/|$)',
              message:
                'Shared web code (lib, components, hooks) knows no feature: move what a feature shares down here instead.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/**/*.{ts,tsx,js,mjs}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@filmroom/(server|web)(/|$)|(^|/)apps(/|$)',
              message: 'Packages never import the apps: the apps build on the packages.',
            },
          ],
        },
      ],
    },
  },
);
