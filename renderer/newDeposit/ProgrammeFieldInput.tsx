import type { ProgrammeView } from '../../shared/ipc/views';
import { TextField } from '../components/TextField';
import { useLanguage } from '../i18n/useLanguage';
import { fieldProblem } from './fieldProblem';

/** One field of the programme's profile, checked against its pattern as it is typed. */
export const ProgrammeFieldInput = ({
  field,
  value,
  onChange,
}: {
  readonly field: ProgrammeView['fields'][number];
  readonly value: string;
  readonly onChange: (value: string) => void;
}) => {
  const { t, locale } = useLanguage();
  const problem = fieldProblem(value, field.pattern);
  return (
    <TextField
      labelClass="programme-field"
      label={field.label[locale]}
      name={`field-${field.name}`}
      value={value}
      placeholder={field.example ?? undefined}
      autoComplete="off"
      aria-invalid={problem !== null}
      aria-describedby={`field-${field.name}-hint`}
      onValue={onChange}
    >
      <small id={`field-${field.name}-hint`}>
        {t('programme.fieldHint', { pattern: field.pattern })}
        {field.example !== null && ` (${t('programme.fieldExample', { example: field.example })})`}
      </small>
      {problem === 'invalid' && (
        <small className="field-problem" role="alert">
          {t('programme.fieldInvalid', { value: value.trim(), pattern: field.pattern })}
        </small>
      )}
    </TextField>
  );
};
