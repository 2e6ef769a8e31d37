import { useState } from 'react';
import { z } from 'zod';
import {
  type BiometricCredential,
  Button,
  CredentialManager,
  Form,
  FormEmailField,
  FormError,
  FormPasswordField,
  FormSubmit,
  Heading,
  Modal,
  Stack,
  StepIndicator,
  Tabs,
  Text,
  ThemePicker,
  useZodForm,
} from '@studio/ui';
import type { ThemeName } from '@studio/tokens';

const signInSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Email is invalid')),
  password: z.string().min(6, 'Password must be at least 6 characters'),
});

const steps = [
  { id: 'plan', label: 'Plan' },
  { id: 'verify', label: 'Verify' },
  { id: 'pay', label: 'Pay' },
] as const;

const firstCredentials: BiometricCredential[] = [
  {
    credentialId: 'laptop',
    credentialName: 'Work laptop fingerprint',
    deviceInfo: 'Windows 11 · Edge',
    lastUsed: '2026-11-20T02:05:00Z',
    createdAt: '2026-05-09T03:00:00Z',
    isActive: true,
  },
];

function SignIn({ onSignedIn }: { onSignedIn: (email: string) => void }) {
  const form = useZodForm(signInSchema, { defaultValues: { email: '', password: '' } });
  return (
    <Form form={form} aria-label="Sign in" onSubmit={(values) => onSignedIn(values.email)}>
      <FormError />
      <FormEmailField control={form.control} name="email" label="Email" required />
      <FormPasswordField
        control={form.control}
        name="password"
        label="Password"
        autoComplete="current-password"
        required
      />
      <FormSubmit fullWidth>Sign in</FormSubmit>
    </Form>
  );
}

/** A page of another product: every piece from the packed @studio/ui, styled by its stylesheet. */
export function App({ initialTheme = 'dark' }: { initialTheme?: ThemeName }) {
  const [theme, setTheme] = useState<ThemeName>(initialTheme);
  const [step, setStep] = useState(0);
  const [signedIn, setSignedIn] = useState<string | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  const [credentials, setCredentials] = useState(firstCredentials);

  return (
    <div data-theme={theme} data-testid="page" style={{ minHeight: '100vh', padding: 24 }}>
      <main>
        <Stack gap="lg">
          <Heading level={1}>A product built on @studio/ui</Heading>
          <Text tone="secondary">Installed from the packed tarballs, with no build plugin.</Text>
          <ThemePicker value={theme} onChange={setTheme} layout="row" />

          <Tabs.Root defaultValue="checkout">
            <Tabs.List aria-label="Sections">
              <Tabs.Trigger value="checkout">Checkout</Tabs.Trigger>
              <Tabs.Trigger value="security">Security</Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="checkout">
              <Stack gap="md">
                <StepIndicator steps={steps} current={step} showPosition />
                <Button onClick={() => setStep((current) => (current + 1) % steps.length)}>
                  Next step
                </Button>
                <Modal.Root open={signingIn} onOpenChange={setSigningIn}>
                  <Modal.Trigger asChild>
                    <Button variant="secondary">Sign in</Button>
                  </Modal.Trigger>
                  <Modal.Content title="Sign in" description="Use your e-mail and password.">
                    <Modal.Body>
                      <SignIn
                        onSignedIn={(email) => {
                          setSignedIn(email);
                          setSigningIn(false);
                        }}
                      />
                    </Modal.Body>
                  </Modal.Content>
                </Modal.Root>
                {signedIn && <Text role="status">Signed in as {signedIn}</Text>}
              </Stack>
            </Tabs.Content>
            <Tabs.Content value="security">
              <CredentialManager
                credentials={credentials}
                headingLevel={2}
                onAdd={(credentialName) =>
                  setCredentials((list) => [
                    ...list,
                    {
                      credentialId: `key-${list.length}`,
                      credentialName,
                      deviceInfo: 'Security key',
                      lastUsed: null,
                      createdAt: '2026-11-29T00:00:00Z',
                      isActive: true,
                    },
                  ])
                }
                onRename={(id, credentialName) =>
                  setCredentials((list) =>
                    list.map((c) => (c.credentialId === id ? { ...c, credentialName } : c)),
                  )
                }
                onDelete={(id) =>
                  setCredentials((list) => list.filter((c) => c.credentialId !== id))
                }
              />
            </Tabs.Content>
          </Tabs.Root>
        </Stack>
      </main>
    </div>
  );
}
