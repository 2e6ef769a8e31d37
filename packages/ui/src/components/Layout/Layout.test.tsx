import { screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/render';
import { Box } from './Box';
import { Inline } from './Inline';
import { Stack } from './Stack';

describe('Box', () => {
  it('renders the requested element and passes native props through', () => {
    renderUi(
      <Box as="nav" aria-label="Account" padding="md" data-testid="box">
        Links
      </Box>,
    );
    const nav = screen.getByRole('navigation', { name: 'Account' });
    expect(nav.tagName).toBe('NAV');
    expect(nav).toHaveAttribute('data-testid', 'box');
    // Sprinkle props become classes, never DOM attributes.
    expect(nav).not.toHaveAttribute('padding');
  });

  it('forwards its ref', () => {
    const ref = createRef<HTMLElement>();
    renderUi(<Box ref={ref}>x</Box>);
    expect(ref.current).toBeInstanceOf(HTMLDivElement);
  });
});

describe('Stack and Inline', () => {
  it('lay children out as flex columns and wrapping rows', () => {
    renderUi(
      <>
        <Stack data-testid="stack">
          <span>a</span>
        </Stack>
        <Inline data-testid="inline" as="ul">
          <li>b</li>
        </Inline>
      </>,
    );
    expect(getComputedStyle(screen.getByTestId('stack')).flexDirection).toBe('column');
    const inline = screen.getByTestId('inline');
    expect(inline.tagName).toBe('UL');
    expect(getComputedStyle(inline).flexWrap).toBe('wrap');
  });
});
