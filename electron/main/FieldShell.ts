import type { DepotEvent } from '../../shared/ipc/DepotEvent';
import type { Locale, PlanState, PlanView } from '../../shared/ipc/views';
import type { Notice } from '../app/Notifier';
import { shellText } from '../app/shellText';

/** What the shell uses of Electron's `Tray` (a stand-in in the unit tests). */
export type TrayLike = {
  setToolTip(text: string): void;
  setContextMenu(menu: unknown): void;
  on(event: 'click', listener: () => void): unknown;
  destroy(): void;
};

export type MenuItemLike =
  | { readonly label: string; readonly click: () => void; readonly enabled?: boolean }
  | { readonly type: 'separator' };

/** What the shell uses of Electron's `Notification` (a stand-in in the unit tests). */
export type NotificationLike = {
  on(event: 'click' | 'close', listener: () => void): unknown;
  show(): void;
};

/** The few Electron modules the shell drives, injected so it is tested without Electron. */
export type ShellElectron = {
  readonly createTray: (iconPath: string) => TrayLike;
  readonly buildMenu: (template: readonly MenuItemLike[]) => unknown;
  /** Undefined where the system shows no notifications. */
  readonly createNotification?: (text: {
    readonly title: string;
    readonly body: string;
  }) => NotificationLike;
  readonly powerSaveBlocker: {
    start(type: 'prevent-app-suspension'): number;
    stop(id: number): void;
  };
};

/** What the shell uses of the backend. */
export type ShellBackend = {
  subscribe(listener: (event: DepotEvent) => void): () => void;
  listPlans(): Promise<readonly PlanView[]>;
  pauseAll(): void;
  isBusy(): boolean;
  keepRunningInBackground(): boolean;
  locale(): Locale;
  /** Told when sleep is held off or allowed again, so the interface can say it. */
  keepingAwakeChanged(on: boolean): void;
};

export type ShellOptions = {
  readonly electron: ShellElectron;
  readonly backend: ShellBackend;
  readonly trayIconPath: string;
  readonly showWindow: () => void;
  /** Sends `open-night` to the window through the typed event channel; the renderer navigates. */
  readonly openNight: (planId: string) => void;
  readonly quit: () => void;
};

// Moving or about to move again by itself: the laptop must stay awake for these.
const depositing: ReadonlySet<PlanState> = new Set([
  'running',
  'waiting-network',
  'server-unavailable',
  'deferred',
]);

const label = (plan: PlanView): string =>
  [plan.site, plan.point, plan.night].filter((x) => x !== null && x !== '').join(' · ') ||
  plan.prefix;

const percent = (plan: PlanView, locale: Locale): string =>
  new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(
    plan.bytesTotal <= 0 ? 0 : Math.floor((plan.bytesAcked / plan.bytesTotal) * 100) / 100,
  );

/**
 * The field laptop around the engine (Electron main): keeps the system awake while a night is
 * depositing (released when it is done or paused), keeps depositing in the tray when the window is
 * closed (a real icon, progress in the tooltip, menu: show, pause all, quit).
 */
export class FieldShell {
  private readonly plans = new Map<string, PlanView>();
  private blockerId: number | undefined;
  private tray: TrayLike | undefined;
  private readonly unsubscribe: () => void;
  // Held until clicked or closed: a collected notification loses its click handler.
  private readonly shown = new Set<NotificationLike>();

  constructor(private readonly options: ShellOptions) {
    this.unsubscribe = options.backend.subscribe((event) => this.onEvent(event));
  }

  /** Reads every night once (events then keep the picture current). */
  async start(): Promise<void> {
    for (const plan of await this.options.backend.listPlans()) this.plans.set(plan.id, plan);
    this.update();
  }

  /** The window asks to close: `hide` keeps depositing in the tray; `close` lets it go. */
  closeRequested(): 'hide' | 'close' {
    const { backend } = this.options;
    if (backend.keepRunningInBackground() && backend.isBusy()) {
      this.showTray();
      return 'hide';
    }
    return 'close';
  }

  /**
   * A night verified or needing a decision: an OS notification that, clicked, shows the window
   * (even from the tray) on that night's screen.
   */
  notify(notice: Notice): void {
    const create = this.options.electron.createNotification;
    if (create === undefined) return;
    const notification = create({ title: notice.title, body: notice.body });
    this.shown.add(notification);
    notification.on('click', () => {
      this.shown.delete(notification);
      this.options.showWindow();
      this.options.openNight(notice.planId);
    });
    notification.on('close', () => this.shown.delete(notification));
    notification.show();
  }

  keepingAwake(): boolean {
    return this.blockerId !== undefined;
  }

  dispose(): void {
    this.unsubscribe();
    this.setAwake(false);
    this.tray?.destroy();
    this.tray = undefined;
  }

  private onEvent(event: DepotEvent): void {
    if (event.type === 'plan') {
      this.plans.set(event.plan.id, event.plan);
      this.update();
    } else if (event.type === 'plans-changed') {
      void this.start();
    }
  }

  private moving(): readonly PlanView[] {
    return [...this.plans.values()].filter((p) => depositing.has(p.state));
  }

  private update(): void {
    this.setAwake(this.moving().length > 0);
    this.refreshTray();
  }

  private setAwake(on: boolean): void {
    const { powerSaveBlocker } = this.options.electron;
    if (on && this.blockerId === undefined) {
      // Suspension only: the screen may sleep, the deposit must not.
      this.blockerId = powerSaveBlocker.start('prevent-app-suspension');
      this.options.backend.keepingAwakeChanged(true);
    } else if (!on && this.blockerId !== undefined) {
      powerSaveBlocker.stop(this.blockerId);
      this.blockerId = undefined;
      this.options.backend.keepingAwakeChanged(false);
    }
  }

  tooltip(): string {
    const locale = this.options.backend.locale();
    const [first] = this.moving();
    if (first !== undefined) {
      return shellText(locale, 'depositing', {
        night: label(first),
        percent: percent(first, locale),
      });
    }
    const paused = [...this.plans.values()].some((p) => p.state === 'paused');
    return shellText(locale, paused ? 'paused' : 'idle');
  }

  private showTray(): void {
    if (this.tray !== undefined) return;
    this.tray = this.options.electron.createTray(this.options.trayIconPath);
    this.tray.on('click', () => this.options.showWindow());
    this.refreshTray();
  }

  private refreshTray(): void {
    const tray = this.tray;
    if (tray === undefined) return;
    const locale = this.options.backend.locale();
    tray.setToolTip(this.tooltip());
    tray.setContextMenu(
      this.options.electron.buildMenu([
        { label: shellText(locale, 'show'), click: () => this.options.showWindow() },
        {
          label: shellText(locale, 'pauseAll'),
          enabled: this.moving().length > 0,
          click: () => this.options.backend.pauseAll(),
        },
        { type: 'separator' },
        { label: shellText(locale, 'quit'), click: () => this.options.quit() },
      ]),
    );
  }
}
