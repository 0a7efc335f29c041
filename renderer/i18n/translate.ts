import type { Locale } from '../../shared/ipc/views';
import { en } from './en';
import { fr } from './fr';
import type { MessageKey, Messages } from './fr';

const catalogues: Readonly<Record<Locale, Messages>> = { fr, en };

export type Params = Readonly<Record<string, string | number>>;
export type Translate = (key: MessageKey, params?: Params) => string;

/** Fills `{name}` placeholders; an unknown placeholder stays visible so a gap is noticed. */
export const translate = (locale: Locale, key: MessageKey, params?: Params): string =>
  catalogues[locale][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    params !== undefined && name in params ? String(params[name]) : whole,
  );

export const translator =
  (locale: Locale): Translate =>
  (key, params) =>
    translate(locale, key, params);
