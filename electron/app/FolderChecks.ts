import type { BackendConfig } from './BackendConfig';
import type { CheckedFolder } from './CheckedFolder';
import { cleanTypedPath } from './cleanTypedPath';
import { readingOf } from './createPlans';
import type { DepotBackendDeps } from './DepotBackendDeps';
import { expandHome } from './expandHome';

/**
 * A folder as the volunteer typed it, and its pre-flight, kept for the last folder analysed: the
 * destination preview follows every keystroke of site and point and must not read the card again
 * each time. A deposit always analyses afresh.
 */
export class FolderChecks {
  private lastChecked: { readonly key: string; readonly checked: CheckedFolder } | undefined;

  constructor(
    private readonly config: BackendConfig,
    private readonly deps: Pick<DepotBackendDeps, 'preflight'>,
    private readonly home: string,
  ) {}

  /** A folder as typed: quotes and a `file://` address undone (issue 31), `~` expanded. */
  typedDir(typed: string): string {
    return expandHome(cleanTypedPath(typed), this.home);
  }

  async checkedFolder(dir: string, fresh = false): Promise<CheckedFolder> {
    // A profile reads a folder its own way (its zone, the files it takes): a new one reads again.
    const programme = this.config.programme;
    const key = `${dir}\u0000${programme?.record.sha256 ?? ''}`;
    if (!fresh && this.lastChecked?.key === key) return this.lastChecked.checked;
    const checked = await this.deps.preflight(dir, readingOf(programme));
    this.lastChecked = { key, checked };
    return checked;
  }
}
