// Layer rules (see docs/decisions/0001-layers.md): shared/ is pure, renderer/ sees only shared/,
// electron/ never reaches into renderer/.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeBuiltins = [
  'node:*',
  'fs',
  'fs/*',
  'path',
  'os',
  'crypto',
  'http',
  'https',
  'net',
  'stream',
  'stream/*',
  'child_process',
  'url',
  'util',
  'events',
  'zlib',
  'worker_threads',
];

const layer = (message, patterns) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
});

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'dist/**',
      'dist-electron/**',
      'release/**',
      'bench/results/**',
      'bench/work/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.js', '*.mjs', 'bin/*.js', 'scripts/*.mjs', 'bench/*.mjs'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['shared/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      ...layer('Bad layering: shared/ is pure TypeScript (no Node, DOM, Electron, SDK, React).', [
        ...nodeBuiltins,
        'electron',
        '@aws-sdk/*',
        '@smithy/*',
        'better-sqlite3',
        'react',
        'react-dom',
        'zustand',
        '**/electron/**',
        '**/renderer/**',
      ]),
      'no-restricted-globals': [
        'error',
        { name: 'process', message: 'shared/ is pure: pass configuration in.' },
        { name: 'Buffer', message: 'shared/ is pure: use Uint8Array.' },
        { name: 'window', message: 'shared/ is pure: no DOM.' },
        { name: 'document', message: 'shared/ is pure: no DOM.' },
        { name: 'setTimeout', message: 'Inject a Sleeper: no real waits in shared/.' },
        { name: 'setInterval', message: 'Inject a Sleeper: no real waits in shared/.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Inject a Clock.' },
        { object: 'Math', property: 'random', message: 'Inject a Random source.' },
      ],
    },
  },
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.tsx'],
    languageOptions: { globals: { ...globals.browser } },
    rules: layer(
      'Bad layering: renderer/ talks to main only through the typed contract in shared/.',
      [...nodeBuiltins, 'electron', '@aws-sdk/*', '@smithy/*', 'better-sqlite3', '**/electron/**'],
    ),
  },
  {
    files: ['electron/**/*.ts'],
    rules: layer('Bad layering: electron/ must not import the renderer.', [
      '**/renderer/**',
      'react',
      'react-dom',
    ]),
  },
  {
    // The engine sits under the entrances (ADR 0038): the app, the CLI and the night-level API
    // call it, never the reverse; the folder reading and the S3 adapter reach it through ports.
    // What still crosses (planFolder scans a folder when it is given no scan) is excepted by
    // name until it moves (ADR 0038).
    files: ['electron/engine/**/*.ts'],
    ignores: ['electron/engine/planFolder.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/renderer/**', 'react', 'react-dom'],
              message: 'Bad layering: electron/ must not import the renderer.',
            },
            {
              // electron/'s rooms, not shared/field (a pure decision the engine may use).
              regex: '^(\\.\\./)+(app|cli|nights|field|scan|s3)/',
              message:
                'Bad layering: electron/engine/ must not import the entrances (app, cli, nights) nor field, scan or s3: take a port (ADR 0038).',
            },
          ],
        },
      ],
    },
  },
  {
    // The night-level API is called by the entrances, never the reverse (ADR 0038).
    files: ['electron/nights/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/renderer/**', 'react', 'react-dom'],
              message: 'Bad layering: electron/ must not import the renderer.',
            },
            {
              regex: '^(\\.\\./)+(app|cli|main|ipc|bridge|preload)/',
              message:
                'Bad layering: electron/nights/ is called by the entrances (app, cli), never calls them (ADR 0038).',
            },
          ],
        },
      ],
    },
  },
);
