/**
 * "Wildlife Acoustics SM4BAT-FS · S4U12345": the make and model as the files say them, then the
 * serial; null when nothing is known. One label for the pre-flight and for each night's row, so a
 * BATLOGGER reads "BATLOGGER S2" in both and not "S2" in one of them.
 */
export const recorderLabel = (recorder: {
  readonly make?: string | null;
  readonly model?: string | null;
  readonly serial?: string | null;
}): string | null => {
  const known = (x: string | null | undefined): x is string => typeof x === 'string' && x !== '';
  const name = [recorder.make, recorder.model].filter(known).join(' ');
  const parts = [name, recorder.serial].filter(known);
  return parts.length > 0 ? parts.join(' · ') : null;
};
