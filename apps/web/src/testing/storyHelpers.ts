import { expect, screen, waitFor, within } from 'storybook/test';

/**
 * Waits for a toast with this text in the notifications region (not the screen-reader
 * announcement Radix also renders, which is invisible on purpose) and returns it.
 */
export async function findToast(text: string | RegExp): Promise<HTMLElement> {
  let toast: HTMLElement | undefined;
  await waitFor(() => {
    const region = screen.getByRole('region', { name: /^(Notifications|Thông báo)/ });
    toast = within(region).getByText(text);
    return expect(toast).toBeVisible();
  });
  if (!toast) throw new Error(`No toast says ${String(text)}.`);
  return toast;
}
