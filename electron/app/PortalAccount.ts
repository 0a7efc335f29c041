import type { PortalParticipations, Portal, PortalTarget } from '../../shared/ports/Portal';
import type { Clock } from '../../shared/ports/Clock';
import type { SecretFile } from './Credentials';
import type { PortalSession } from './PortalSession';

/** A portal adapter as the app uses it: the night's port and the participations beside it. */
export type AppPortal = Portal & PortalParticipations;

/** An API's address as nights keep it (the adapter's `target.api`: no trailing slash). */
const apiKey = (api: string): string => api.replace(/\/+$/, '');

/**
 * The volunteer's sign-in to the programme's portal and the adapters reading it (ADR 0032): one
 * adapter per API, whose token is read at each request, so a new sign-in applies to every night
 * of that portal at once, and a night of a portal this Depot holds no sign-in for waits blocked.
 */
export class PortalAccount {
  private session: PortalSession | undefined;
  private readonly portals = new Map<string, AppPortal>();

  constructor(
    private readonly secrets: SecretFile<PortalSession>,
    private readonly wallClock: Clock,
    private readonly create: (api: string, token: () => string | undefined) => AppPortal,
  ) {}

  async load(): Promise<void> {
    this.session = await this.secrets.read();
  }

  /** The sign-in held for `api`, if any. */
  sessionFor(api: string): PortalSession | undefined {
    return this.session?.api === apiKey(api) ? this.session : undefined;
  }

  /** The adapter of `api`, built once, reading the sign-in held now. */
  portal(api: string): AppPortal {
    const key = apiKey(api);
    let portal = this.portals.get(key);
    if (portal === undefined) {
      portal = this.create(key, () => this.sessionFor(key)?.token);
      this.portals.set(key, portal);
    }
    return portal;
  }

  /** The engine's `portalFor`: a night's portal, undefined while no sign-in is held for it. */
  readonly portalFor = (target: PortalTarget): Portal | undefined => {
    return this.sessionFor(target.api) === undefined ? undefined : this.portal(target.api);
  };

  /** Keeps a new sign-in (encrypted at rest), replacing any other. */
  async signIn(api: string, token: string): Promise<PortalSession> {
    const session: PortalSession = { api: apiKey(api), token, signedInAt: this.wallClock.now() };
    await this.secrets.write(session);
    this.session = session;
    return session;
  }

  async signOut(): Promise<void> {
    this.session = undefined;
    await this.secrets.clear?.();
  }
}
