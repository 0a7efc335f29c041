import { useT } from '../i18n/useT';
import type { PortalSession } from './usePortalSession';
import { TextField } from '../components/TextField';

/** The address the sign-in page ended on, pasted when it does not come back by itself. */
export const PortalAddressForm = ({ session }: { readonly session: PortalSession }) => {
  const t = useT();
  const { address, setAddress, busy, waiting, signIn } = session;
  return (
    <form
      className="row"
      onSubmit={(e) => {
        e.preventDefault();
        void signIn(address);
      }}
    >
      <TextField
        labelClass="grow"
        label={t('portal.paste')}
        name="portal-address"
        value={address}
        autoComplete="off"
        spellCheck={false}
        onValue={setAddress}
        aria-describedby="portal-paste-hint"
      >
        <small id="portal-paste-hint">
          {waiting ? t('portal.pasteHintWaiting') : t('portal.pasteHint')}
        </small>
      </TextField>
      <button type="submit" disabled={busy || address.trim() === ''}>
        {t('portal.usePasted')}
      </button>
    </form>
  );
};
