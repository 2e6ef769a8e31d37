import { screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/render';
import { TextArea } from './TextArea';

describe('TextArea', () => {
  it('is a labelled multi-line input, 4 rows unless told', async () => {
    const { user } = renderUi(<TextArea label="Message" />);
    const textarea = screen.getByRole('textbox', { name: 'Message' });
    expect(textarea.tagName).toBe('TEXTAREA');
    expect(textarea).toHaveAttribute('rows', '4');
    await user.type(textarea, 'Hello{Enter}there');
    expect(textarea).toHaveValue('Hello\nthere');
  });

  it('ties its hint and error and marks itself invalid', () => {
    renderUi(
      <TextArea
        label="Message"
        rows={8}
        hint="Tell us what happened."
        error="Message is required"
        required
      />,
    );
    const textarea = screen.getByRole('textbox', { name: 'Message' });
    expect(textarea).toHaveAttribute('rows', '8');
    expect(textarea).toBeRequired();
    expect(textarea).toHaveAttribute('aria-invalid', 'true');
    expect(textarea).toHaveAccessibleDescription('Tell us what happened. Message is required');
  });

  it('forwards its ref to the textarea', () => {
    const ref = createRef<HTMLTextAreaElement>();
    renderUi(<TextArea ref={ref} label="Message" />);
    expect(ref.current).toBe(screen.getByRole('textbox'));
  });
});
