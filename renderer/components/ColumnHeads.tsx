import type { MessageKey } from '../i18n/fr';
import { useT } from '../i18n/useT';

/** A table's head: one column header a message key. */
export const ColumnHeads = ({ keys }: { readonly keys: readonly MessageKey[] }) => {
  const t = useT();
  return (
    <thead>
      <tr>
        {keys.map((key) => (
          <th key={key} scope="col">
            {t(key)}
          </th>
        ))}
      </tr>
    </thead>
  );
};
