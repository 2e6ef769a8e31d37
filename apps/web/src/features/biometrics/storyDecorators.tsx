import type { Decorator } from '@storybook/react-vite';
import { useState, type ReactNode } from 'react';
import { CeremonyContext } from './ceremony';
import { fakeCeremony, type FakeCeremonyOptions } from './fakeCeremony';

/**
 * A story decorator: the browser's authenticator replaced by the fake one configured under
 * `parameters.ceremony` (a headless browser has no authenticator to touch).
 */
export const withFakeAuthenticator: Decorator = (Story, context) => {
  const options = (context.parameters['ceremony'] ?? {}) as FakeCeremonyOptions;
  return (
    <FakeAuthenticator key={context.id} options={options}>
      <Story />
    </FakeAuthenticator>
  );
};

function FakeAuthenticator({
  options,
  children,
}: {
  options: FakeCeremonyOptions;
  children: ReactNode;
}) {
  const [ceremony] = useState(() => fakeCeremony(options));
  return <CeremonyContext value={ceremony}>{children}</CeremonyContext>;
}
