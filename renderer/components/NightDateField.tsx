import { useEffect, useState } from 'react';
import { formatNight } from '../format/formatNight';
import { formatNightInput, parseNightInput } from '../format/nightInput';
import { useLanguage } from '../i18n/useLanguage';

type Props = {
  /** ISO `2026-06-13`, or '' when none. */
  readonly value: string;
  readonly onChange: (iso: string) => void;
};

/** The night's date, typed day first, with the day spelled out below so a slip shows at once. */
export const NightDateField = ({ value, onChange }: Props) => {
  const { t, locale } = useLanguage();
  const [text, setText] = useState(formatNightInput(value));

  // A new folder brings its own date: the field follows.
  useEffect(() => {
    setText((current) => (parseNightInput(current) === value ? current : formatNightInput(value)));
  }, [value]);

  const parsed = parseNightInput(text);
  return (
    <label>
      {t('new.night')}
      <input
        name="night"
        required
        inputMode="numeric"
        placeholder={t('new.nightPlaceholder')}
        value={text}
        aria-invalid={text !== '' && parsed === null}
        aria-describedby="night-spelled"
        onChange={(e) => {
          setText(e.target.value);
          onChange(parseNightInput(e.target.value) ?? '');
        }}
      />
      <small id="night-spelled" data-testid="night-spelled">
        {text === '' ? '' : parsed === null ? t('new.nightInvalid') : formatNight(parsed, locale)}
      </small>
    </label>
  );
};
