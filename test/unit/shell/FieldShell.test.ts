import { describe, expect, it } from 'vitest';
import type { DepotEvent } from '../../../shared/ipc/DepotEvent';
import type { PlanState, PlanView } from '../../../shared/ipc/views';
import { FieldShell } from '../../../electron/main/FieldShell';
import type {
  MenuItemLike,
  NotificationLike,
  ShellElectron,
  TrayLike,
} from '../../../electron/main/FieldShell';

/** A stand-in of the Electron modules the shell drives: it records what was asked of them. */
const standIn = () => {
  const blockers = new Set<number>();
  const started: string[] = [];
  let nextId = 1;
  const trays: {
    iconPath: string;
    tooltip: string;
    menu: readonly MenuItemLike[];
    click?: () => void;
    destroyed: boolean;
  }[] = [];
  const electron: { -readonly [K in keyof ShellElectron]: ShellElectron[K] } = {
    createTray: (iconPath) => {
      const record = {
        iconPath,
        tooltip: '',
        menu: [] as readonly MenuItemLike[],
        destroyed: false,
      };
      trays.push(record);
      const tray: TrayLike = {
        setToolTip: (text) => {
          record.tooltip = text;
        },
        setContextMenu: (menu) => {
          record.menu = menu as readonly MenuItemLike[];
        },
        on: (_event, listener) => {
          Object.assign(record, { click: listener });
          return tray;
        },
        destroy: () => {
          record.destroyed = true;
        },
      };
      return tray;
    },
    // The stand-in "builds" the menu as its own template, so the test reads the items back.
    buildMenu: (template) => template,
    powerSaveBlocker: {
      start: (type) => {
        started.push(type);
        const id = nextId++;
        blockers.add(id);
        return id;
      },
      stop: (id) => {
        blockers.delete(id);
      },
    },
  };
  const notifications: {
    title: string;
    body: string;
    shown: boolean;
    listeners: Map<string, () => void>;
  }[] = [];
  electron.createNotification = (text) => {
    const record = { ...text, shown: false, listeners: new Map<string, () => void>() };
    notifications.push(record);
    const notification: NotificationLike = {
      on: (event, listener) => {
        record.listeners.set(event, listener);
        return notification;
      },
      show: () => {
        record.shown = true;
      },
    };
    return notification;
  };
  return { electron, blockers, started, trays, notifications };
};

const plan = (id: string, state: PlanState, acked = 50, total = 100): PlanView => ({
  id,
  dir: `/media/SD${id}`,
  endpoint: 'https://s3.example.org',
  bucket: 'nights',
  prefix: `S/P/${id}`,
  site: 'SITE01',
  point: `P${id}`,
  night: '2026-06-12',
  state,
  unitsTotal: 10,
  unitsDone: 5,
  unitsFailed: 0,
  unitsUnverifiable: 0,
  lastCheck: null,
  bytesTotal: total,
  bytesAcked: acked,
  throughputBytesPerSec: 0,
  etaSeconds: null,
  lastActivityAt: null,
  nextRetryAt: null,
  deferredUntil: null,
  blocker: null,
  createdAt: 0,
  completedAt: null,
  archived: false,
  recorder: null,
  programme: null,
  unitsLeftOut: 0,
  running: state === 'running',
  correction: null,
  removal: null,
  addressProblem: null,
  portal: null,
});

const world = (options: { busy?: boolean; background?: boolean; plans?: PlanView[] } = {}) => {
  const e = standIn();
  const listeners = new Set<(event: DepotEvent) => void>();
  const calls = {
    pauseAll: 0,
    shown: 0,
    quit: 0,
    awake: [] as boolean[],
    // The order matters: the window is shown, then told which night to open.
    steps: [] as string[],
  };
  const backend = {
    subscribe: (listener: (event: DepotEvent) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    listPlans: () => Promise.resolve(options.plans ?? []),
    pauseAll: () => {
      calls.pauseAll += 1;
    },
    isBusy: () => options.busy ?? false,
    keepRunningInBackground: () => options.background ?? false,
    locale: () => 'fr' as const,
    keepingAwakeChanged: (on: boolean) => calls.awake.push(on),
  };
  const shell = new FieldShell({
    electron: e.electron,
    backend,
    trayIconPath: '/app/dist/renderer/tray-icon.png',
    showWindow: () => {
      calls.shown += 1;
      calls.steps.push('show');
    },
    openNight: (planId) => {
      calls.steps.push(`open-night ${planId}`);
    },
    quit: () => {
      calls.quit += 1;
    },
  });
  const send = (event: DepotEvent): void => {
    for (const l of listeners) l(event);
  };
  return { ...e, shell, send, calls, listeners };
};

describe('FieldShell: the laptop stays awake while a night deposits', () => {
  it('holds off suspension while depositing and lets go when the night is done', async () => {
    const w = world();
    await w.shell.start();
    expect(w.blockers.size).toBe(0);
    w.send({ type: 'plan', plan: plan('1', 'running') });
    expect(w.started).toEqual(['prevent-app-suspension']);
    expect(w.blockers.size).toBe(1);
    expect(w.shell.keepingAwake()).toBe(true);
    // An outage or a 503 storm is still a deposit: it goes on by itself.
    w.send({ type: 'plan', plan: plan('1', 'waiting-network') });
    w.send({ type: 'plan', plan: plan('1', 'server-unavailable') });
    expect(w.started).toHaveLength(1);
    w.send({ type: 'plan', plan: plan('1', 'done', 100) });
    expect(w.blockers.size).toBe(0);
    expect(w.calls.awake).toEqual([true, false]);
  });

  it('lets the laptop sleep when the night is paused, and holds it again on Reprendre', async () => {
    const w = world({ plans: [plan('1', 'running')] });
    await w.shell.start();
    expect(w.blockers.size).toBe(1);
    w.send({ type: 'plan', plan: plan('1', 'paused') });
    expect(w.blockers.size).toBe(0);
    w.send({ type: 'plan', plan: plan('1', 'running') });
    expect(w.blockers.size).toBe(1);
    expect(w.calls.awake).toEqual([true, false, true]);
  });

  it('stays awake while any of two nights deposits', async () => {
    const w = world();
    await w.shell.start();
    w.send({ type: 'plan', plan: plan('1', 'running') });
    w.send({ type: 'plan', plan: plan('2', 'running') });
    w.send({ type: 'plan', plan: plan('1', 'done', 100) });
    expect(w.blockers.size).toBe(1);
    w.send({ type: 'plan', plan: plan('2', 'needs-attention') });
    expect(w.blockers.size).toBe(0);
  });

  it('releases everything when disposed (quit)', async () => {
    const w = world({ plans: [plan('1', 'running')], busy: true, background: true });
    await w.shell.start();
    expect(w.shell.closeRequested()).toBe('hide');
    w.shell.dispose();
    expect(w.blockers.size).toBe(0);
    expect(w.trays[0]?.destroyed).toBe(true);
    expect(w.listeners.size).toBe(0);
  });
});

describe('FieldShell: closing the window while depositing', () => {
  it('keeps depositing in the tray when the volunteer chose it, with the real icon', async () => {
    const w = world({ plans: [plan('1', 'running', 42)], busy: true, background: true });
    await w.shell.start();
    expect(w.trays).toHaveLength(0);
    expect(w.shell.closeRequested()).toBe('hide');
    expect(w.trays).toHaveLength(1);
    expect(w.trays[0]?.iconPath).toBe('/app/dist/renderer/tray-icon.png');
    expect(w.trays[0]?.tooltip).toBe(
      'Depot\u00a0: SITE01 · P1 · 2026-06-12, 42\u00a0% confirmés par le serveur',
    );
    // A second close does not stack trays.
    expect(w.shell.closeRequested()).toBe('hide');
    expect(w.trays).toHaveLength(1);
  });

  it('closes (a clean, resumable stop) when not chosen, or when nothing deposits', () => {
    expect(world({ busy: true, background: false }).shell.closeRequested()).toBe('close');
    expect(world({ busy: false, background: true }).shell.closeRequested()).toBe('close');
  });

  it('updates the tooltip with the progress, and offers show, pause all and quit', async () => {
    const w = world({ plans: [plan('1', 'running', 10)], busy: true, background: true });
    await w.shell.start();
    w.shell.closeRequested();
    w.send({ type: 'plan', plan: plan('1', 'running', 75) });
    const tray = w.trays[0];
    expect(tray?.tooltip).toContain('75');
    const items = (tray?.menu ?? []).filter(
      (i): i is Extract<MenuItemLike, { label: string }> => 'label' in i,
    );
    expect(items.map((i) => i.label)).toEqual([
      'Afficher Depot',
      'Tout mettre en pause',
      'Quitter Depot',
    ]);
    expect(items[1]?.enabled).toBe(true);
    items[0]?.click();
    items[1]?.click();
    items[2]?.click();
    tray?.click?.();
    expect(w.calls).toMatchObject({ shown: 2, pauseAll: 1, quit: 1 });

    w.send({ type: 'plan', plan: plan('1', 'paused', 75) });
    expect(w.trays[0]?.tooltip).toBe('Depot\u00a0: dépôts en pause');
    const paused = (w.trays[0]?.menu ?? []).filter(
      (i): i is Extract<MenuItemLike, { label: string }> => 'label' in i,
    );
    expect(paused[1]?.enabled).toBe(false);
  });
});

describe('FieldShell: a notification opens its night', () => {
  it('shows the window on the night that was verified or needs a decision, when clicked', async () => {
    const w = world({ busy: true, background: true });
    await w.shell.start();
    // The window was closed to the tray while depositing.
    expect(w.shell.closeRequested()).toBe('hide');
    w.shell.notify({ title: 'Nuit déposée', body: 'SITE01 · P1', planId: '7', kind: 'completed' });
    w.shell.notify({
      title: 'Dépôt à vérifier',
      body: 'SITE01 · P2',
      planId: '9',
      kind: 'failures',
    });
    expect(w.notifications.map((n) => [n.title, n.shown])).toEqual([
      ['Nuit déposée', true],
      ['Dépôt à vérifier', true],
    ]);
    expect(w.calls.steps).toEqual([]);
    w.notifications[1]?.listeners.get('click')?.();
    expect(w.calls.steps).toEqual(['show', 'open-night 9']);
    w.notifications[0]?.listeners.get('click')?.();
    expect(w.calls.steps).toEqual(['show', 'open-night 9', 'show', 'open-night 7']);
  });

  it('opens nothing when a notification is dismissed, and shows none where the system has none', async () => {
    const w = world();
    await w.shell.start();
    w.shell.notify({ title: 'Dépôt bloqué', body: 'x', planId: '3', kind: 'blocked' });
    w.notifications[0]?.listeners.get('close')?.();
    expect(w.calls.steps).toEqual([]);
    const bare = world();
    delete bare.electron.createNotification;
    bare.shell.notify({ title: 'Nuit déposée', body: 'x', planId: '3', kind: 'completed' });
    expect(bare.notifications).toEqual([]);
    expect(bare.calls.steps).toEqual([]);
  });
});
