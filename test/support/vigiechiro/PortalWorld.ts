import { randomInt, randomUUID } from 'node:crypto';
import { newObjectId } from './objectId';

/*
 * The portal's documents, kept in memory by the stand-in, with the fields the upload routes read
 * and write (facts §1, §2, §5; field names read from `vigiechiro/resources/*.py`).
 */

export type Role = 'Lecteur' | 'Observateur' | 'Validateur' | 'Administrateur';

/** `ROLE_RULES` of `vigiechiro/settings.py`: a role includes the ones below it. */
const ROLE_RULES: Readonly<Record<Role, readonly Role[]>> = {
  Lecteur: ['Lecteur'],
  Observateur: ['Lecteur', 'Observateur'],
  Validateur: ['Lecteur', 'Observateur', 'Validateur'],
  Administrateur: ['Lecteur', 'Observateur', 'Validateur', 'Administrateur'],
};

export const hasRole = (role: Role, wanted: Role): boolean => ROLE_RULES[role].includes(wanted);

export type UserDoc = {
  readonly _id: string;
  readonly pseudo: string;
  readonly role: Role;
  donnees_publiques: boolean;
  /** Protocols joined, and whether the coordinator validated the registration. */
  readonly protocoles: { protocole: string; valide: boolean }[];
  /** `utilisateurs.tokens.<token> = <expiry>` (facts §1), epoch ms. */
  readonly tokens: Map<string, number>;
};

export type ProtocoleDoc = {
  readonly _id: string;
  readonly titre: string;
  readonly type_site: 'POINT_FIXE' | 'ROUTIER' | 'CARRE';
};

export type SiteDoc = {
  readonly _id: string;
  readonly titre: string;
  readonly protocole: string;
  readonly observateur: string;
};

export type Etat = 'PLANIFIE' | 'EN_COURS' | 'FINI' | 'ERREUR' | 'RETRY';

export type Traitement = {
  readonly etat: Etat;
  /** Epoch ms. */
  readonly date_planification?: number;
  readonly date_debut?: number;
  readonly date_fin?: number;
};

type Stamps = { _created: number; _updated: number; _etag: string };

export type ParticipationDoc = Stamps & {
  readonly _id: string;
  readonly observateur: string;
  readonly protocole: string;
  readonly site: string;
  readonly date_debut: number;
  readonly date_fin?: number;
  readonly point?: string;
  readonly commentaire?: string;
  readonly meteo?: Readonly<Record<string, unknown>>;
  readonly configuration?: Readonly<Record<string, string>>;
  traitement?: Traitement;
};

export type FichierDoc = Stamps & {
  readonly _id: string;
  readonly titre: string;
  readonly mime: string;
  readonly proprietaire: string;
  disponible: boolean;
  readonly s3_id: string;
  readonly s3_upload_multipart_id?: string;
  readonly lien_participation?: string;
  readonly lien_donnee?: string;
  readonly lien_protocole?: string;
  readonly _async_process?: string;
};

/** `FRONTEND_DOMAIN`'s token: 32 characters of `[A-Z0-9]` (facts §1). */
const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * A datetime as the portal's JSON shows it: `MongoJsonEncoder` calls `isoformat()`. Documents
 * read back from MongoDB carry a time zone (`+00:00`, the token check compares with an aware
 * `now`), documents just inserted do not *(reading)*. Microseconds only when there are some.
 */
export const isoformat = (ms: number, aware: boolean): string => {
  const iso = new Date(ms).toISOString();
  const millis = ms % 1000;
  const base =
    iso.slice(0, 19) + (millis === 0 ? '' : `.${String(millis * 1000).padStart(6, '0')}`);
  return aware ? `${base}+00:00` : base;
};

/** The stand-in's state, its clock and its seed. */
export class PortalWorld {
  readonly users = new Map<string, UserDoc>();
  readonly protocoles = new Map<string, ProtocoleDoc>();
  readonly sites = new Map<string, SiteDoc>();
  readonly participations = new Map<string, ParticipationDoc>();
  readonly fichiers = new Map<string, FichierDoc>();
  private offsetMs = 0;

  constructor(public tokenLifetimeSeconds: number) {}

  /** The portal's clock: this machine's, moved by `advance`. */
  now(): number {
    return Date.now() + this.offsetMs;
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  newId(): string {
    return newObjectId(this.now());
  }

  stamps(): Stamps {
    // `datetime.utcnow().replace(microsecond=0)` and `uuid4().hex` (`xin/resource.py`).
    const now = Math.floor(this.now() / 1000) * 1000;
    return { _created: now, _updated: now, _etag: randomUUID().replace(/-/g, '') };
  }

  touch(doc: Stamps): void {
    doc._updated = Math.floor(this.now() / 1000) * 1000;
    doc._etag = randomUUID().replace(/-/g, '');
  }

  /** A fresh token for `userId`, as `login` makes one, with the expired ones removed (facts §1). */
  issueToken(userId: string, lifetimeSeconds = this.tokenLifetimeSeconds): string {
    const user = this.users.get(userId);
    if (user === undefined) throw new Error(`no user ${userId}`);
    const now = this.now();
    for (const [token, expiry] of user.tokens) if (expiry < now) user.tokens.delete(token);
    let token = '';
    for (let i = 0; i < 32; i++) token += TOKEN_ALPHABET[randomInt(TOKEN_ALPHABET.length)];
    user.tokens.set(token, now + lifetimeSeconds * 1000);
    return token;
  }

  /** The user holding `token`, or why not: unknown, or out of date (`check_auth`). */
  userOfToken(token: string): UserDoc | 'unknown' | 'expired' {
    for (const user of this.users.values()) {
      const expiry = user.tokens.get(token);
      if (expiry === undefined) continue;
      return expiry < this.now() ? 'expired' : user;
    }
    return 'unknown';
  }

  addUser(pseudo: string, role: Role, protocoles: { protocole: string; valide: boolean }[] = []) {
    const user: UserDoc = {
      _id: this.newId(),
      pseudo,
      role,
      donnees_publiques: true,
      protocoles,
      tokens: new Map(),
    };
    this.users.set(user._id, user);
    return user;
  }

  addProtocole(titre: string, typeSite: ProtocoleDoc['type_site']): ProtocoleDoc {
    const protocole: ProtocoleDoc = { _id: this.newId(), titre, type_site: typeSite };
    this.protocoles.set(protocole._id, protocole);
    return protocole;
  }

  addSite(titre: string, protocole: string, observateur: string): SiteDoc {
    const site: SiteDoc = { _id: this.newId(), titre, protocole, observateur };
    this.sites.set(site._id, site);
    return site;
  }

  /**
   * What the unserializer puts in place of a relation (`_run_attribute_data_relation` expands
   * `expend` relations with the related document, `strip_resource_fields` removing private
   * fields) *(reading: which fields are stripped is not known; these are the public ones)*.
   */
  expandUser(id: string): unknown {
    const user = this.users.get(id);
    if (user === undefined) return id;
    return {
      _id: user._id,
      pseudo: user.pseudo,
      role: user.role,
      donnees_publiques: user.donnees_publiques,
    };
  }

  expandSite(id: string): unknown {
    const site = this.sites.get(id);
    return site === undefined ? id : { ...site };
  }

  expandParticipation(id: string): unknown {
    const participation = this.participations.get(id);
    return participation === undefined ? id : this.participationJson(participation, {});
  }

  expandProtocole(id: string): unknown {
    const protocole = this.protocoles.get(id);
    return protocole === undefined ? id : { ...protocole };
  }

  /** A fichier as JSON: `inserted` as `insert` returns it (relations as ids, naive dates), else read back. */
  fichierJson(doc: FichierDoc, how: 'inserted' | 'read' | 'listed'): Record<string, unknown> {
    const read = how !== 'inserted';
    const expand = how === 'read';
    const out: Record<string, unknown> = {
      titre: doc.titre,
      mime: doc.mime,
      disponible: doc.disponible,
      s3_id: doc.s3_id,
    };
    // `get_pieces_jointes` projects these out of the listing.
    if (how !== 'listed') {
      out.proprietaire = expand ? this.expandUser(doc.proprietaire) : doc.proprietaire;
      if (doc.lien_donnee !== undefined) out.lien_donnee = doc.lien_donnee;
      if (doc.lien_participation !== undefined) {
        out.lien_participation = expand
          ? this.expandParticipation(doc.lien_participation)
          : doc.lien_participation;
      }
      if (doc.lien_protocole !== undefined) {
        out.lien_protocole = expand ? this.expandProtocole(doc.lien_protocole) : doc.lien_protocole;
      }
    }
    if (doc._async_process !== undefined) out._async_process = doc._async_process;
    if (doc.s3_upload_multipart_id !== undefined) {
      out.s3_upload_multipart_id = doc.s3_upload_multipart_id;
    }
    out._created = isoformat(doc._created, read);
    out._updated = isoformat(doc._updated, read);
    out._etag = doc._etag;
    out._id = doc._id;
    return out;
  }

  /** A participation as JSON, without the fields `omit` names, relations expanded where asked. */
  participationJson(
    doc: ParticipationDoc,
    options: {
      readonly omit?: readonly string[];
      readonly expand?: readonly ('observateur' | 'site' | 'protocole')[];
      readonly inserted?: boolean;
    },
  ): Record<string, unknown> {
    const aware = options.inserted !== true;
    const expand = new Set(options.expand ?? []);
    const out: Record<string, unknown> = {
      _id: doc._id,
      observateur: expand.has('observateur') ? this.expandUser(doc.observateur) : doc.observateur,
      protocole: expand.has('protocole') ? this.expandProtocole(doc.protocole) : doc.protocole,
      site: expand.has('site') ? this.expandSite(doc.site) : doc.site,
      date_debut: isoformat(doc.date_debut, aware),
      ...(doc.date_fin === undefined ? {} : { date_fin: isoformat(doc.date_fin, aware) }),
      ...(doc.point === undefined ? {} : { point: doc.point }),
      ...(doc.commentaire === undefined ? {} : { commentaire: doc.commentaire }),
      ...(doc.meteo === undefined ? {} : { meteo: doc.meteo }),
      ...(doc.configuration === undefined ? {} : { configuration: doc.configuration }),
      _created: isoformat(doc._created, aware),
      _updated: isoformat(doc._updated, aware),
      _etag: doc._etag,
    };
    if (doc.traitement !== undefined) {
      const t = doc.traitement;
      out.traitement = {
        etat: t.etat,
        ...(t.date_planification === undefined
          ? {}
          : { date_planification: isoformat(t.date_planification, true) }),
        ...(t.date_debut === undefined ? {} : { date_debut: isoformat(t.date_debut, true) }),
        ...(t.date_fin === undefined ? {} : { date_fin: isoformat(t.date_fin, true) }),
      };
    }
    for (const field of options.omit ?? []) delete out[field];
    return out;
  }
}
