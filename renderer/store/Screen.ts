/** The screens of the interface, in menu order. */
export type Screen =
  'nights' | 'new' | 'current' | 'failures' | 'settings' | 'portal' | 'diagnostics';

export const screens: readonly Screen[] = [
  'nights',
  'new',
  'current',
  'failures',
  'settings',
  'portal',
  'diagnostics',
];
