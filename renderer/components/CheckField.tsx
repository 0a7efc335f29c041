/** A checkbox with its words after it; `inline` inside a sentence, else on its own line. */
export const CheckField = ({
  name,
  label,
  checked,
  onChecked,
  inline = false,
}: {
  readonly name?: string;
  readonly label: string;
  readonly checked: boolean;
  readonly onChecked: (checked: boolean) => void;
  readonly inline?: boolean;
}) => (
  <label className={inline ? undefined : 'check'}>
    <input
      type="checkbox"
      name={name}
      checked={checked}
      onChange={(e) => onChecked(e.target.checked)}
    />{' '}
    {label}
  </label>
);
