import { describe, expect, it } from 'vitest';
import {
  folderOf,
  folderSequence,
  stopsByPhase,
  walkFigures,
} from '../../../scripts/walk/walkFigures';

const entry = (file: string, fn = 'f') => ({ file, fn });

describe('walkFigures', () => {
  it('counts a stop where the module changes, a return where an earlier folder comes back', () => {
    const figures = walkFigures([
      entry('electron/nights/prepareFolder.ts', 'prepareFolder'),
      entry('electron/nights/prepareFolder.ts', 'inner'),
      entry('electron/scan/scanFolder.ts'),
      entry('shared/field/objectKey.ts'),
      entry('electron/scan/scanFolder.ts'),
      entry('electron/scan/other.ts'),
      entry('electron/nights/prepareFolder.ts'),
    ]);
    expect(figures.entries).toBe(7);
    expect(figures.stops.map((s) => `${s.folder}${s.isReturn ? 'R' : ''}`)).toEqual([
      'nights',
      'scan',
      'shared/field',
      'scanR',
      // The same folder as the stop before: a stop, not a return (ADR 0037's hand count had it).
      'scan',
      'nightsR',
    ]);
    expect(figures.folders).toEqual(['nights', 'scan', 'shared/field']);
    expect(figures.crossings).toBe(5);
    expect(figures.returns).toBe(2);
    expect(figures.returnsWithRepeats).toBe(3);
    expect(figures.returnsByFolder).toEqual([
      { folder: 'nights', returns: 1 },
      { folder: 'scan', returns: 1 },
    ]);
    expect(folderSequence(figures.stops)).toBe(
      'nights -> scan -> shared/field -> scanR x2 -> nightsR',
    );
  });

  it('names a folder without the leading electron/', () => {
    expect(folderOf('electron/engine/run/runPlan.ts')).toBe('engine/run');
    expect(folderOf('electron/errnoOf.ts')).toBe('.');
    expect(folderOf('shared/retry/RetryPolicy.ts')).toBe('shared/retry');
  });

  it('has nothing to count in an empty walk', () => {
    const figures = walkFigures([]);
    expect(figures.stops).toEqual([]);
    expect(figures.returns).toBe(0);
    expect(folderSequence(figures.stops)).toBe('');
  });
});

describe('stopsByPhase', () => {
  it('gives each phase the stops from its first entry to the next phase', () => {
    const { stops } = walkFigures([
      entry('electron/nights/a.ts'),
      entry('electron/scan/b.ts'),
      entry('electron/scan/b.ts'),
      entry('electron/engine/c.ts'),
      entry('electron/store/d.ts'),
    ]);
    expect(
      stopsByPhase(stops, [
        { name: 'prepare', from: 0 },
        { name: 'plan', from: 2 },
        { name: 'run', from: 3 },
      ]),
    ).toEqual([
      { phase: 'prepare', stops: 2 },
      { phase: 'plan', stops: 0 },
      { phase: 'run', stops: 2 },
    ]);
  });
});
