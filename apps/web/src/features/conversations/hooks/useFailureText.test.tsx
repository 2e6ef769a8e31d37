import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../../test/render';
import { useFailureText, type FailureFallback } from './useFailureText';

function Probe({ error, fallback }: { error: unknown; fallback: FailureFallback }) {
  return <p>{useFailureText()(error, fallback)}</p>;
}

describe('useFailureText', () => {
  it('gives the §8 fallbacks exactly in English', async () => {
    renderInApp(<Probe error={null} fallback="historyFailed" />);
    expect(await screen.findByText('Failed to load conversation history')).toBeVisible();
  });

  it('translates them in Vietnamese, and lets the exception speak first', async () => {
    const { unmount } = renderInApp(<Probe error={null} fallback="createFailed" />, {
      language: 'vi',
    });
    expect(await screen.findByText('Không tạo được cuộc trò chuyện')).toBeVisible();
    unmount();
    renderInApp(<Probe error={new Error('Quota reached')} fallback="createFailed" />);
    expect(await screen.findByText('Quota reached')).toBeVisible();
  });
});
