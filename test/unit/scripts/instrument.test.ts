import { describe, expect, it } from 'vitest';
import { ENTER, instrument } from '../../../scripts/walk/instrument';

/** Runs an instrumented module's body (no imports) and returns what it recorded and exported. */
const runModule = (source: string): { entered: string[]; exported: Record<string, unknown> } => {
  const entered: string[] = [];
  const js = instrument(source, 'electron/x/mod.ts').replace(/^(\s*)export /gm, '$1');
  const names = [...source.matchAll(/^\s*export (?:const|function|class) (\w+)/gm)].map(
    (m) => m[1],
  );
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const body = new Function(ENTER, `${js}\nreturn { ${names.join(', ')} };`) as (
    enter: (file: string, fn: string) => void,
  ) => Record<string, unknown>;
  const exported = body((file, fn) => entered.push(`${file}:${fn}`));
  return { entered, exported };
};

describe('instrument', () => {
  it('makes every kind of function call the recorder first, with its file and a readable name', () => {
    const { entered, exported } = runModule(`
      class Base { constructor(readonly n: number) {} }
      export class Counter extends Base {
        constructor(n: number) { super(n); }
        get twice(): number { return this.n * 2; }
        add(k: number): number { return this.n + k; }
      }
      export function named(): number { return 1; }
      export const arrow = (x: number): { x: number } => ({ x });
      export const holder = { method(): number { return 2; }, field: (): number => 3 };
    `);
    const Counter = exported.Counter as new (n: number) => {
      twice: number;
      add(k: number): number;
    };
    const c = new Counter(2);
    expect(c.twice + c.add(1)).toBe(7);
    expect((exported.named as () => number)()).toBe(1);
    expect((exported.arrow as (x: number) => unknown)(5)).toEqual({ x: 5 });
    const holder = exported.holder as { method(): number; field(): number };
    expect(holder.method() + holder.field()).toBe(5);
    expect(entered).toEqual([
      // A derived constructor records after its super(...) call, before its own statements.
      'electron/x/mod.ts:Base.constructor',
      'electron/x/mod.ts:Counter.constructor',
      'electron/x/mod.ts:Counter.get twice',
      'electron/x/mod.ts:Counter.add',
      'electron/x/mod.ts:named',
      'electron/x/mod.ts:arrow',
      'electron/x/mod.ts:holder.method',
      'electron/x/mod.ts:holder.field',
    ]);
  });

  it('leaves type-only code and bodiless declarations alone', () => {
    const js = instrument(
      `import type { A } from './a';\nexport type B = A;\ndeclare function f(): void;\nexport interface I { m(): void }\n`,
      'shared/y.ts',
    );
    expect(js).not.toContain(ENTER);
  });
});
