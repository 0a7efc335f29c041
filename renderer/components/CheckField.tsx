/** A checkbox with its words after it, as the settings draw one. */
export const CheckField = ({
  name,
  label,
  checked,
  onChecked,
}: {
  readonly name: string;
  readonly label: string;
  readonly checked: boolean;
  readonly onChecked: (checked: boolean) => void;
}) => (
  <label className="check">
    <input
      type="checkbox"
      name={name}
      checked={checked}
      onChange={(e) => onChecked(e.target.checked)}
    />{' '}
    {label}
  </label>
);
