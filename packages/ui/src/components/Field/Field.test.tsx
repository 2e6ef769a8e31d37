import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/render';
import { Field, type FieldProps } from './Field';

function renderField(props: Partial<FieldProps> = {}, lng: 'en' | 'vi' = 'en') {
  return renderUi(
    <Field label="Display name" {...props}>
      {(control) => <input {...control} />}
    </Field>,
    { lng },
  );
}

describe('Field', () => {
  it('labels the control it renders', () => {
    renderField();
    expect(screen.getByRole('textbox', { name: 'Display name' })).toBeInTheDocument();
  });

  it('describes the control by its hint and leaves it valid without an error', () => {
    renderField({ hint: 'Shown on shared conversations.' });
    const input = screen.getByRole('textbox');
    expect(input).toHaveAccessibleDescription('Shown on shared conversations.');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('shows the error under the control, tied by aria-describedby, and marks it invalid', () => {
    renderField({ hint: 'Your public name.', error: 'Name is required' });
    const input = screen.getByRole('textbox');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Your public name. Name is required');
    const message = screen.getByText('Name is required');
    const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
    const region = message.closest('[id]');
    expect(region).not.toBeNull();
    expect(ids).toContain(region?.id);
    // Under the field: the message follows the input in document order.
    expect(input.compareDocumentPosition(message) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('keeps an empty polite live region so a later error is announced', () => {
    const { rerender } = renderField({ id: 'name' });
    const region = document.getElementById('name-error');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();
    expect(screen.getByRole('textbox')).not.toHaveAttribute('aria-describedby');
    rerender(
      <Field id="name" label="Display name" error="Name is required">
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(document.getElementById('name-error')).toBe(region);
    expect(region).toHaveTextContent('Name is required');
  });

  it('marks a required control required, with a decorative star', () => {
    renderField({ required: true });
    const input = screen.getByRole('textbox', { name: 'Display name' });
    expect(input).toBeRequired();
  });

  it('adds the translated "(optional)" to the name', () => {
    renderField({ optional: true }, 'vi');
    expect(screen.getByRole('textbox')).toHaveAccessibleName('Display name (không bắt buộc)');
  });

  it('keeps a hidden label as the accessible name', () => {
    renderField({ hideLabel: true });
    expect(screen.getByRole('textbox', { name: 'Display name' })).toBeInTheDocument();
  });

  it('keeps ids the caller adds to aria-describedby', () => {
    renderUi(
      <>
        <p id="extra">Extra help</p>
        <Field label="Code" describedBy="extra">
          {(control) => <input {...control} />}
        </Field>
      </>,
    );
    expect(screen.getByRole('textbox')).toHaveAccessibleDescription('Extra help');
  });
});
