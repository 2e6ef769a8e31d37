import {
  breakpoints,
  contrastPairs,
  contrastRatio,
  fontSize,
  motion,
  radius,
  space,
  themeNames,
  themes,
  zIndex,
  type ThemeColors,
} from '@studio/tokens';
import { shadow, vars } from '../theme/contract.css';
import * as styles from './docs.css';

/** Every opaque colour of a theme, flattened to role paths (surface.base, accent.solid...). */
function flattenColors(colors: ThemeColors): [string, string][] {
  return Object.entries(colors).flatMap(([group, value]) =>
    typeof value === 'string'
      ? [[group, value] as [string, string]]
      : Object.entries(value).map(
          ([role, color]) => [`${group}.${role}`, color] as [string, string],
        ),
  );
}

/** The six palettes side by side, each in its own theme, with every required contrast pair. */
export function ThemePalettes() {
  return (
    <div className={styles.columns}>
      {themeNames.map((name) => {
        const { colors } = themes[name];
        return (
          <section key={name} data-theme={name} className={styles.themeColumn} aria-label={name}>
            <h2 className={styles.heading}>{name}</h2>
            <div className={styles.swatchRow}>
              {flattenColors(colors)
                .filter(([, color]) => color.startsWith('#'))
                .map(([role, color]) => (
                  <span
                    key={role}
                    className={styles.swatch}
                    style={{ background: color }}
                    title={`${role} ${color}`}
                  />
                ))}
            </div>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th className={styles.cell} scope="col">
                    Sample
                  </th>
                  <th className={styles.cell} scope="col">
                    Pair
                  </th>
                  <th className={styles.cell} scope="col">
                    Ratio
                  </th>
                  <th className={styles.cell} scope="col">
                    AA
                  </th>
                </tr>
              </thead>
              <tbody>
                {contrastPairs(colors).map((pair) => {
                  const ratio = contrastRatio(pair.foreground, pair.background);
                  const ok = ratio >= pair.minimum;
                  return (
                    <tr key={pair.label}>
                      <td className={styles.cell}>
                        {pair.minimum > 3 ? (
                          <span
                            className={styles.sample}
                            style={{ color: pair.foreground, background: pair.background }}
                          >
                            Aa
                          </span>
                        ) : (
                          // Non-text pairs (borders, focus rings) are shown as a boundary.
                          <span
                            className={styles.sample}
                            style={{
                              background: pair.background,
                              boxShadow: `inset 0 0 0 2px ${pair.foreground}`,
                              width: '1.75rem',
                              height: '1.25rem',
                            }}
                            aria-hidden="true"
                          />
                        )}
                      </td>
                      <td className={styles.cell}>{pair.label}</td>
                      <td className={styles.cell}>{ratio.toFixed(2)}:1</td>
                      <td className={styles.cell}>
                        <span className={ok ? styles.pass : styles.fail}>
                          {ok ? `≥ ${pair.minimum}` : `< ${pair.minimum}`}
                        </span>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </section>
        );
      })}
    </div>
  );
}

const typeSample = 'Trợ lý AI của bạn — nhanh, riêng tư. Your AI studio.';

export function Typography() {
  return (
    <div>
      {(Object.keys(fontSize) as (keyof typeof fontSize)[]).map((size) => (
        <div key={size} className={styles.scaleRow}>
          <span className={styles.label}>
            {size} {fontSize[size].size}
          </span>
          <span style={{ fontSize: vars.fontSize[size], lineHeight: vars.lineHeight[size] }}>
            {typeSample}
          </span>
        </div>
      ))}
      {(['regular', 'medium', 'semibold', 'bold'] as const).map((weight) => (
        <div key={weight} className={styles.scaleRow}>
          <span className={styles.label}>{weight}</span>
          <span style={{ fontWeight: vars.fontWeight[weight] }}>{typeSample}</span>
        </div>
      ))}
    </div>
  );
}

export function SpacingAndRadii() {
  return (
    <div>
      {(Object.keys(space) as (keyof typeof space)[]).map((key) => (
        <div key={key} className={styles.scaleRow}>
          <span className={styles.label}>
            {key} {space[key]}
          </span>
          <span className={styles.bar} style={{ width: vars.space[key] }} />
        </div>
      ))}
      {(Object.keys(radius) as (keyof typeof radius)[]).map((key) => (
        <div key={key} className={styles.scaleRow}>
          <span className={styles.label}>radius {key}</span>
          <span className={styles.box} style={{ borderRadius: vars.radius[key] }} />
        </div>
      ))}
    </div>
  );
}

export function ElevationMotionLayers() {
  return (
    <div>
      {(Object.keys(shadow) as (keyof typeof shadow)[]).map((key) => (
        <div key={key} className={styles.scaleRow}>
          <span className={styles.label}>shadow {key}</span>
          <span className={styles.box} style={{ boxShadow: shadow[key] }} />
        </div>
      ))}
      <table className={styles.table}>
        <tbody>
          {Object.entries(motion.duration).map(([key, value]) => (
            <tr key={key}>
              <th className={styles.cell} scope="row">
                duration.{key}
              </th>
              <td className={styles.cell}>{value}</td>
            </tr>
          ))}
          {Object.entries(motion.easing).map(([key, value]) => (
            <tr key={key}>
              <th className={styles.cell} scope="row">
                easing.{key}
              </th>
              <td className={styles.cell}>{value}</td>
            </tr>
          ))}
          {Object.entries(zIndex).map(([key, value]) => (
            <tr key={key}>
              <th className={styles.cell} scope="row">
                zIndex.{key}
              </th>
              <td className={styles.cell}>{value}</td>
            </tr>
          ))}
          {Object.entries(breakpoints).map(([key, value]) => (
            <tr key={key}>
              <th className={styles.cell} scope="row">
                breakpoint.{key}
              </th>
              <td className={styles.cell}>≥ {value}px</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
