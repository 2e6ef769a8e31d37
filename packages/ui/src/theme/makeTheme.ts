import type { Theme, ThemeColors } from '@studio/tokens';

/**
 * The values one theme gives the contract's slots: a pure function of its typed tokens. The
 * contract is created from the shape of the default theme's result (contract.css.ts) and every
 * theme fills that same shape with its own result (themes.css.ts), so a colour role added to the
 * tokens reaches the contract, and every theme, without being written twice.
 */
export function makeTheme(theme: Theme): ThemeColors {
  return theme.colors;
}

/** A theme's shape with every value replaced by null: what `createThemeContract` is given. */
export type ContractShape<T> = {
  [K in keyof T]: T[K] extends string ? null : ContractShape<T[K]>;
};

export function contractShape<T extends object>(values: T): ContractShape<T> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]: [string, unknown]) => [
      key,
      typeof value === 'object' && value !== null ? contractShape(value) : null,
    ]),
  ) as ContractShape<T>;
}
