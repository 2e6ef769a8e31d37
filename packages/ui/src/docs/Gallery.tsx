import type { ThemeName } from '@studio/tokens';
import { Sparkles } from 'lucide-react';
import { Avatar } from '../components/Avatar';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { Card } from '../components/Card';
import { Checkbox } from '../components/Checkbox';
import { CredentialManager } from '../components/CredentialManager';
import { CredentialPicker } from '../components/CredentialPicker';
import { sampleCredentials } from '../components/CredentialManager/fixtures';
import { EmailField } from '../components/EmailField';
import { EmptyState } from '../components/EmptyState';
import { Inline, Stack } from '../components/Layout';
import { Link } from '../components/Link';
import { PasswordField } from '../components/PasswordField';
import { PlanCard, PlanCardGroup } from '../components/PlanCard';
import { Select } from '../components/Select';
import { Skeleton, SkeletonGroup } from '../components/Skeleton';
import { Spinner } from '../components/Spinner';
import { StepIndicator } from '../components/StepIndicator';
import { Tabs } from '../components/Tabs';
import { TextField } from '../components/TextField';
import { ThemePicker } from '../components/ThemePicker';
import * as styles from './docs.css';

const noop = () => undefined;

/** One screen with a piece of every component, for a theme-by-theme visual check. */
export function Gallery({ theme }: { theme: ThemeName }) {
  return (
    <div className={styles.gallery}>
      <Stack gap="lg">
        <Inline gap="sm" align="center">
          <Button icon={<Sparkles size={16} />}>Upgrade to Pro</Button>
          <Button variant="secondary">Compare plans</Button>
          <Button variant="ghost">Maybe later</Button>
          <Button variant="danger">Delete device</Button>
          <Button loading>Paying</Button>
          <Button disabled>Disabled</Button>
        </Inline>
        <Inline gap="sm" align="center">
          <Badge tone="neutral">Free</Badge>
          <Badge tone="accent">Pro</Badge>
          <Badge tone="success">Paid</Badge>
          <Badge tone="warning">Pending</Badge>
          <Badge tone="critical">Failed</Badge>
          <Avatar name="Linh Nguyen" />
          <Avatar name="Alex Morgan" size="sm" />
          <Link href="#plans">See every plan</Link>
          <Spinner size="small" />
        </Inline>
        <StepIndicator
          steps={[
            { id: 'auth', label: 'Sign in' },
            { id: 'plan', label: 'Plan' },
            { id: 'payment', label: 'Payment' },
          ]}
          current="plan"
        />
        <Tabs.Root defaultValue="login">
          <Tabs.List aria-label="Sign in or register">
            <Tabs.Trigger value="login">Login</Tabs.Trigger>
            <Tabs.Trigger value="register">Register</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="login">
            <div className={styles.formGrid}>
              <EmailField label="Email" defaultValue="linh@" error="Email is invalid" />
              <PasswordField label="Password" defaultValue="secret" />
              <TextField label="Display name" hint="Shown in shared conversations" />
              <Select
                label="Currency"
                defaultValue="USD"
                options={[
                  { value: 'USD', label: 'USD · $ · US Dollar' },
                  { value: 'VND', label: 'VND · ₫ · Vietnamese Dong' },
                ]}
              />
              <Checkbox defaultChecked>Send me product news</Checkbox>
            </div>
          </Tabs.Content>
          <Tabs.Content value="register">Register</Tabs.Content>
        </Tabs.Root>
        <PlanCardGroup aria-label="Plan" defaultValue="pro">
          <PlanCard
            value="free"
            name="Free"
            price="$0"
            period="/month"
            features={['Sandbox and free models', '50 messages a day']}
          />
          <PlanCard
            value="pro"
            name="Pro"
            price="$19.99"
            period="/month"
            badge="Most popular"
            features={['Every model', 'Spoken replies', 'Share links that expire']}
          />
        </PlanCardGroup>
        <PlanCard variant="addon" name="GodMode" price="+$578" selected onSelect={noop} />
        <div className={styles.formGrid}>
          <Card title="Usage today" description="Resets at midnight UTC">
            <SkeletonGroup>
              <Skeleton shape="text" lines={2} />
            </SkeletonGroup>
          </Card>
          <EmptyState
            title="No conversations yet"
            description="Start a chat and it will show up here."
          />
        </div>
        <CredentialManager
          credentials={sampleCredentials.slice(0, 2)}
          onAdd={noop}
          onRename={noop}
          onDelete={noop}
          headingLevel={3}
        />
        <CredentialPicker
          state="select"
          credentials={sampleCredentials}
          onAuthenticate={noop}
          onCancel={noop}
          onSkip={noop}
        />
        <ThemePicker value={theme} onChange={noop} />
      </Stack>
    </div>
  );
}
