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
);
