import { useEffect, useState } from 'react';
import type { DepotApi } from '../../shared/ipc/DepotApi';
import type { IpcError } from '../../shared/ipc/Result';
import type { PortalView } from '../../shared/ipc/views';
import { isPortalReturn } from './portalReturn';

export type PortalSession = {
  /** Not read yet (undefined), no portal (null), or the session. */
  readonly portal: PortalView | null | undefined;
  readonly busy: boolean;
  readonly error: IpcError | null;
  /** The page is the volunteer's to open (the bridge): the address comes back, or is pasted. */
  readonly waiting: boolean;
  readonly address: string;
  readonly setAddress: (address: string) => void;
  readonly signIn: (address: string) => Promise<void>;
  readonly open: () => Promise<void>;
  readonly signOut: () => Promise<void>;
};

/** The portal's session: read, opened (a window of Depot's own, or a tab), given back, closed. */
export const usePortalSession = (api: DepotApi | undefined): PortalSession => {
  const [portal, setPortal] = useState<PortalView | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IpcError | null>(null);
  const [waiting, setWaiting] = useState(false);
  const [address, setAddress] = useState('');

  useEffect(() => {
    void api?.portal.get().then((r) => setPortal(r.ok ? r.value : null));
  }, [api]);

  const signIn = async (given: string): Promise<void> => {
    if (api === undefined) return;
    setBusy(true);
    setError(null);
    const result = await api.portal.signIn({ address: given });
    setBusy(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setPortal(result.value);
    setWaiting(false);
    setAddress('');
  };

  useEffect(() => {
    if (!waiting) return;
    // The sign-in tab landed back on this Depot: it hands the address over (same origin only).
    const onMessage = (event: MessageEvent): void => {
      if (event.origin !== window.location.origin || !isPortalReturn(event.data)) return;
      void signIn(event.data.address);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  });

  const open = async (): Promise<void> => {
    if (api === undefined) return;
    setBusy(true);
    setError(null);
    const result = await api.portal.openSignIn();
    setBusy(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    if (result.value.kind === 'signed-in') setPortal(result.value.portal);
    if (result.value.kind === 'unsupported') {
      setWaiting(true);
      window.open(result.value.signIn, '_blank');
    }
  };

  const signOut = async (): Promise<void> => {
    if (api === undefined) return;
    const result = await api.portal.signOut();
    if (result.ok) setPortal(result.value);
  };

  return { portal, busy, error, waiting, address, setAddress, signIn, open, signOut };
};
