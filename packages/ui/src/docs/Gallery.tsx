import type { ThemeName } from '@studio/tokens';
import { FileText, MoreHorizontal, Sparkles } from 'lucide-react';
import { ActionList, ListItem } from '../components/ActionList';
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
import { Heading } from '../components/Heading';
import { IconButton } from '../components/IconButton';
import { Inline, Stack } from '../components/Layout';
import { Link } from '../components/Link';
import { MediaCard } from '../components/MediaCard';
import { PasswordField } from '../components/PasswordField';
import { PlanCard, PlanCardGroup } from '../components/PlanCard';
import { Select } from '../components/Select';
import { Skeleton, SkeletonGroup } from '../components/Skeleton';
import { Spinner } from '../components/Spinner';
import { StepIndicator } from '../components/StepIndicator';
import { Tabs } from '../components/Tabs';
import { Text, textTones } from '../components/Text';
import { TextField } from '../components/TextField';
import { ThemePicker } from '../components/ThemePicker';
import { Tiles } from '../components/Tiles';
import * as styles from './docs.css';

const noop = () => undefined;

// A local picture (no network): four squares in two colours.
const picture = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2" shape-rendering="crispEdges"><rect width="2" height="2" fill="rgb(224,122,95)"/><rect width="1" height="1" fill="rgb(61,64,91)"/><rect x="1" y="1" width="1" height="1" fill="rgb(61,64,91)"/></svg>',
)}`;

/** One screen with a piece of every component, for a theme-by-theme visual check. */
export function Gallery({ theme }: { theme: ThemeName }) {
  return (
    <div className={styles.gallery}>
      <Stack gap="lg">
        <Stack gap="xs">
          <Heading level={2}>Your studio</Heading>
          <Text as="p" size="lg" tone="secondary">
            Chat, pictures, voice and documents in one place.
          </Text>
          <Inline gap="md">
            {textTones.map((tone) => (
              <Text key={tone} size="sm" tone={tone} weight="medium">
                {tone}
              </Text>
            ))}
          </Inline>
        </Stack>
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
        <div className={styles.formGrid}>
          <ActionList aria-label="Conversations">
            <ListItem
              title="Trip ideas for Đà Lạt"
              description="Nov 22 · Three days in the highlands"
              truncate
              current
              onSelect={noop}
              trailing={
                <IconButton size="sm" icon={<MoreHorizontal size={16} />} label="Actions" />
              }
            />
            <ListItem
              title="Cover letter"
              description="Nov 21"
              truncate
              onSelect={noop}
              trailing={
                <IconButton size="sm" icon={<MoreHorizontal size={16} />} label="Actions" />
              }
            />
          </ActionList>
          <ActionList aria-label="Shared links" variant="separated">
            <ListItem
              title="Trip ideas for Đà Lạt"
              badge={
                <Badge tone="accent" size="sm">
                  Shared
                </Badge>
              }
              description="Expires Dec 22, 2026"
              trailing={
                <Button size="sm" variant="danger">
                  Revoke
                </Button>
              }
            />
          </ActionList>
        </div>
        <Tiles columns={{ mobile: 1, tablet: 3 }}>
          <MediaCard
            media={<img src={picture} alt="" />}
            title="A lighthouse at dusk, oil painting"
            details={[{ label: 'Seed', value: '1004' }]}
            openAction={{ label: 'Open the picture', onOpen: noop }}
            selected
            actions={
              <Button size="sm" variant="ghost">
                Reuse settings
              </Button>
            }
          />
          <MediaCard
            aspectRatio="landscape"
            media={
              <Inline justify="center" align="center" style={{ height: '100%' }}>
                <FileText size={40} aria-hidden="true" />
              </Inline>
            }
            title="Quarterly report.pdf"
            details={[{ label: 'Pages', value: '4' }]}
            menu={<IconButton size="sm" icon={<MoreHorizontal size={16} />} label="Actions" />}
          />
          <MediaCard loading />
        </Tiles>
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
