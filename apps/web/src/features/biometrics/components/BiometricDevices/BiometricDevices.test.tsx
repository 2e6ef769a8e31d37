import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { sampleUser } from '../../../../mocks/auth';
import { webauthnHandlers } from '../../../../mocks/handlers/webauthn';
import { renderInApp } from '../../../../test/render';
import { server } from '../../../../test/server';
import { CeremonyContext } from '../../ceremony';
import { fakeCeremony, type FakeCeremonyOptions } from '../../fakeCeremony';
import { useBiometricAccount } from '../../hooks/useBiometricAccount';
import { useBiometricSupport } from '../../hooks/useBiometricSupport';
import { BiometricDevices } from './BiometricDevices';

function Devices() {
  const account = useBiometricAccount(sampleUser.id);
  const support = useBiometricSupport();
  return <BiometricDevices account={account} support={support} />;
}

function renderDevices(ceremony: FakeCeremonyOptions = {}) {
  return renderInApp(
    <CeremonyContext value={fakeCeremony(ceremony)}>
      <Devices />
    </CeremonyContext>,
  );
}

const list = () => screen.findByRole('list', { name: 'Your devices' });
const requirement = () =>
  screen.getByRole('checkbox', { name: /Require biometric verification before payments/ });

describe('BiometricDevices (§2, §5)', { timeout: 20_000 }, () => {
  it('adds a device: begin with the name and a device description, then complete', async () => {
    server.use(webauthnHandlers.credentials);
    let begun: unknown;
    server.use(
      http.post('*/api/webauthn/register/begin', async ({ request }) => {
        begun = await request.clone().json();
        return undefined;
      }),
    );
    const { user } = renderDevices();
    await list();
    await user.click(screen.getByRole('button', { name: 'Add device' }));
    await user.type(screen.getByRole('textbox', { name: 'Name your new device' }), ' Work laptop ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Device added')).toBeInTheDocument();
    expect(begun).toEqual({
      userId: sampleUser.id,
      credentialName: 'Work laptop',
      deviceInfo: expect.any(String),
    });
    const items = within(await list()).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(items[0]).toHaveTextContent('Work laptop');
  });

  it('keeps the name form open when the authenticator is registered already', async () => {
    server.use(webauthnHandlers.credentials);
    const { user } = renderDevices({ registerError: 'InvalidStateError' });
    await list();
    await user.click(screen.getByRole('button', { name: 'Add device' }));
    await user.type(screen.getByRole('textbox', { name: 'Name your new device' }), 'Laptop');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('This authenticator is already registered.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name your new device' })).toHaveValue('Laptop');
  });

  it('renames with PATCH, and sends nothing for an unchanged name', async () => {
    server.use(webauthnHandlers.credentials);
    const bodies: unknown[] = [];
    server.use(
      http.patch('*/api/webauthn/credentials', async ({ request }) => {
        bodies.push(await request.clone().json());
        return undefined;
      }),
    );
    const { user } = renderDevices();
    await list();
    await user.click(screen.getByRole('button', { name: 'Rename Pixel 9 fingerprint' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.queryByRole('textbox', { name: 'Device name' })).not.toBeInTheDocument(),
    );
    expect(bodies).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Rename Pixel 9 fingerprint' }));
    const field = screen.getByRole('textbox', { name: 'Device name' });
    await user.clear(field);
    await user.type(field, 'Điện thoại của Linh');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Device renamed')).toBeInTheDocument();
    expect(bodies).toEqual([{ credentialId: 'cred-pixel', credentialName: 'Điện thoại của Linh' }]);
    expect(await list()).toHaveTextContent('Điện thoại của Linh');
  });

  it('deletes after the confirmation; a refusal keeps the device and says why', async () => {
    server.use(webauthnHandlers.credentials);
    const { user } = renderDevices();
    await list();
    await user.click(screen.getByRole('button', { name: 'Delete Pixel 9 fingerprint' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Device deleted')).toBeInTheDocument();
    await waitFor(async () =>
      expect(within(await list()).getAllByRole('listitem')).toHaveLength(2),
    );

    server.use(webauthnHandlers.deleteCredentialLastRequired);
    await user.click(screen.getByRole('button', { name: 'Delete MacBook Pro Touch ID' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(
      await screen.findByText(
        'Turn off "require biometric verification" first: it needs at least one active device.',
      ),
    ).toBeInTheDocument();
    expect(within(await list()).getAllByRole('listitem')).toHaveLength(2);
  });

  it('turns the requirement on directly, and off only after a manage verification', async () => {
    server.use(webauthnHandlers.credentials);
    const calls: string[] = [];
    server.use(
      http.post('*/api/webauthn/authenticate/complete', ({ request }) => {
        calls.push(`verify:${new URL(request.url).searchParams.get('purpose')}`);
        return undefined;
      }),
      http.put('*/api/webauthn/settings', async ({ request }) => {
        calls.push(`put:${JSON.stringify(await request.clone().json())}`);
        return undefined;
      }),
    );
    const { user } = renderDevices();
    await list();
    await user.click(requirement());
    expect(await screen.findByText('Payments now need biometric verification')).toBeInTheDocument();
    expect(requirement()).toBeChecked();
    await user.click(requirement());
    expect(
      await screen.findByText('Payments no longer need biometric verification'),
    ).toBeInTheDocument();
    expect(requirement()).not.toBeChecked();
    expect(calls).toEqual([
      'put:{"requireForPayments":true}',
      'verify:manage',
      'put:{"requireForPayments":false}',
    ]);
  });

  it('leaves the requirement on when the device check is cancelled', async () => {
    server.use(webauthnHandlers.credentialsRequired);
    const { user } = renderDevices({ authenticateError: 'NotAllowedError' });
    await list();
    await user.click(requirement());
    expect(
      await screen.findByText('Verification was cancelled or the device is locked.'),
    ).toBeInTheDocument();
    expect(requirement()).toBeChecked();
  });

  it('speaks of the setting, not of payment, when the API wants a fresh check to turn it off', async () => {
    server.use(webauthnHandlers.credentialsRequired, webauthnHandlers.settingsVerificationRequired);
    const { user } = renderDevices();
    await list();
    await user.click(requirement());
    expect(
      await screen.findByText('Confirm with one of your devices before turning this off.'),
    ).toBeInTheDocument();
    expect(
      screen.queryByText('Biometric verification is required before payment.'),
    ).not.toBeInTheDocument();
    expect(requirement()).toBeChecked();
  });

  it('says when this browser cannot add devices', async () => {
    server.use(webauthnHandlers.credentials);
    renderDevices({ supported: false });
    await list();
    expect(
      screen.getByText('Biometric authentication is not supported in this browser.'),
    ).toBeVisible();
  });
});
