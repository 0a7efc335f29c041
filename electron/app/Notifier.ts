/** An OS notification (Electron's Notification; the bridge forwards nothing). */
export type Notifier = (notice: { readonly title: string; readonly body: string }) => void;
