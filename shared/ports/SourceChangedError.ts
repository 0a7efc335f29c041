/**
 * A source file is no longer the one planned (shorter, longer, rewritten): thrown by whatever
 * reads it (hashing, a part's read), turned into the unit's cause by the engine.
 */
export class SourceChangedError extends Error {
  override readonly name = 'SourceChangedError';
}
