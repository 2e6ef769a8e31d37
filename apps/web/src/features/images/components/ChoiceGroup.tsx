import { useId, type ReactNode } from 'react';
import * as styles from './studio.css';

export interface Choice<T extends string> {
  value: T;
  label: ReactNode;
  icon?: ReactNode;
  /** Not on offer now (more pictures than are left today). */
  disabled?: boolean;
}

export interface ChoiceGroupProps<T extends string> {
  legend: ReactNode;
  choices: readonly Choice<T>[];
  value: T;
  onChange: (value: T) => void;
  disabled?: boolean;
}

/**
 * A few visible choices (ratio, variants, style preset) as native radio buttons shaped as chips:
 * arrow keys move between them and screen readers hear a group with its legend.
 */
export function ChoiceGroup<T extends string>({
  legend,
  choices,
  value,
  onChange,
  disabled,
}: ChoiceGroupProps<T>) {
  const name = useId();
  return (
    <fieldset className={styles.choices} disabled={disabled}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.chips}>
        {choices.map((choice) => (
          <label key={choice.value} className={styles.chip}>
            <input
              className={styles.chipInput}
              type="radio"
              name={name}
              value={choice.value}
              checked={choice.value === value}
              disabled={choice.disabled}
              onChange={() => onChange(choice.value)}
            />
            {choice.icon}
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
