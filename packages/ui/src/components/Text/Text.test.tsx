import { screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/render';
import { Text } from './Text';

describe('Text', () => {
  it('is a span of body text by default and renders the element asked for', () => {
    renderUi(
      <>
        <Text>inline</Text>
        <Text as="p">paragraph</Text>
      </>,
    );
    expect(screen.getByText('inline').tagName).toBe('SPAN');
    expect(screen.getByText('paragraph').tagName).toBe('P');
  });

  it('takes a role, a tooltip, an id and a ref', () => {
    const ref = createRef<HTMLElement>();
    renderUi(
      <Text ref={ref} as="p" role="alert" title="The whole text" id="failure">
        Failed
      </Text>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveAttribute('title', 'The whole text');
    expect(alert).toHaveAttribute('id', 'failure');
    expect(ref.current).toBe(alert);
  });

  it('cuts a long text after the lines asked for', () => {
    renderUi(
      <>
        <Text maxLines={1}>one line</Text>
        <Text maxLines={3}>three lines</Text>
        <Text>every line</Text>
      </>,
    );
    expect(getComputedStyle(screen.getByText('one line')).textOverflow).toBe('ellipsis');
    expect(getComputedStyle(screen.getByText('three lines')).overflow).toBe('hidden');
    expect(getComputedStyle(screen.getByText('every line')).overflow).not.toBe('hidden');
  });
});
