import type { Completed } from '../../shared/domain/Completed';
import type { Locale } from '../../shared/ipc/views';

/** OS notifications are shown by main, outside the renderer: their text lives here, in both languages. */
export type NoticeKind = Completed | 'failures' | 'blocked';

const texts: Readonly<
  Record<Locale, Readonly<Record<NoticeKind, { title: string; body: string }>>>
> = {
  fr: {
    completed: { title: 'Nuit déposée', body: '{night} : tout est sur le serveur et vérifié.' },
    failures: { title: 'Dépôt à vérifier', body: '{night} : {failed} fichier(s) en échec.' },
    blocked: {
      title: 'Dépôt bloqué',
      body: '{night} : le serveur refuse l’accès. Vérifiez les réglages.',
    },
  },
  en: {
    completed: { title: 'Night deposited', body: '{night}: all on the server, verified.' },
    failures: { title: 'Deposit needs attention', body: '{night}: {failed} file(s) failed.' },
    blocked: {
      title: 'Deposit blocked',
      body: '{night}: the server refuses access. Check the settings.',
    },
  },
};

export const noticeText = (
  locale: Locale,
  kind: NoticeKind,
  values: { readonly night: string; readonly failed?: number },
): { title: string; body: string } => {
  const text = texts[locale][kind];
  return {
    title: text.title,
    body: text.body
      .replace('{night}', values.night)
      .replace('{failed}', String(values.failed ?? 0)),
  };
};
