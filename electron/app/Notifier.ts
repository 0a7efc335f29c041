import type { NoticeKind } from './noticeText';

/** What an OS notification says, and the night it opens when clicked. */
export type Notice = {
  readonly title: string;
  readonly body: string;
  readonly planId: string;
  readonly kind: NoticeKind;
};

/** An OS notification (Electron's Notification, through FieldShell; the bridge forwards nothing). */
export type Notifier = (notice: Notice) => void;
