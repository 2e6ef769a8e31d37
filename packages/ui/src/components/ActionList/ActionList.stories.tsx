import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  Copy,
  ExternalLink,
  FileText,
  Link2Off,
  MessagesSquare,
  MoreHorizontal,
} from 'lucide-react';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import type { ComponentUsage } from '../../docs/usage';
import { Avatar } from '../Avatar';
import { Badge } from '../Badge';
import { Button } from '../Button';
import { DropdownMenu } from '../DropdownMenu';
import { IconButton } from '../IconButton';
import { Box } from '../Layout/Box';
import { TextField } from '../TextField';
import { ActionList, actionListVariants } from './ActionList';
import { ListItem } from './ListItem';

const onOpen = fn();
const onRename = fn();

const conversations = [
  {
    id: 'c1',
    title: 'Trip ideas for Đà Lạt',
    meta: 'Nov 22 · Three days in the highlands: the flower gardens, the lake and the night market',
  },
  { id: 'c2', title: 'Cover letter for a design job', meta: 'Nov 21 · Here is a tighter version' },
  {
    id: 'c3',
    title: 'A very long conversation title that does not fit the sidebar in one line at all',
    meta: 'Nov 20',
  },
];

function RowMenu({ title }: { title: string }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <IconButton
          variant="ghost"
          size="sm"
          icon={<MoreHorizontal size={16} />}
          label={`Actions for ${title}`}
        />
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end">
        <DropdownMenu.Item onSelect={() => onRename(title)}>Rename</DropdownMenu.Item>
        <DropdownMenu.Item>Delete</DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}

/** A sidebar's conversations: select one, or open its menu; the open one is current. */
function Conversations() {
  const [current, setCurrent] = useState('c1');
  return (
    <ActionList aria-label="Your conversations">
      {conversations.map((conversation) => (
        <ListItem
          key={conversation.id}
          title={conversation.title}
          description={conversation.meta}
          truncate
          current={conversation.id === current}
          onSelect={() => {
            setCurrent(conversation.id);
            onOpen(conversation.id);
          }}
          trailing={<RowMenu title={conversation.title} />}
        />
      ))}
    </ActionList>
  );
}

const meta = {
  title: 'Display/ActionList',
  component: ActionList,
  args: { 'aria-label': 'Your conversations' },
  argTypes: { variant: { control: 'inline-radio', options: actionListVariants } },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '22rem', minHeight: 260 }}>
        <Story />
      </div>
    ),
  ],
  parameters: {
    usage: {
      use: 'A list of rows a person acts on, each a `ListItem`: the sidebar’s conversations, shared links, signed-in sessions. Selecting a row opens it; its trailing buttons do the rest. For actions behind one button, use a [DropdownMenu](?path=/docs/navigation-dropdownmenu--docs); for grouped content without actions, a [Card](?path=/docs/display-card--docs).',
      do: [
        'Name the list with a translated `aria-label` ("Your conversations").',
        'Choose the `variant`: `plain` for compact rows selected with `onSelect`, with `current` on the open one (a sidebar); `separated` for settings rows, whose actions wrap under the text on a phone.',
        'Name each trailing action for its row ("Revoke link to Trip ideas") with `aria-label`, or an [IconButton](?path=/docs/actions-iconbutton--docs)’s `label`: every row repeats the same visible words.',
        'When a row goes away, call `focus()` on the list’s ref so the keyboard stays in the list, and set `busy` while the rows refresh.',
        'Set `truncate` in a narrow column: the title and the description keep to one line each.',
      ],
      dont: [
        'Don’t put links or buttons in the `title` or `description` of a selectable row: its main part is one button already; put them in `trailing`.',
        'Don’t line up three or more trailing buttons: move them into a [DropdownMenu](?path=/docs/navigation-dropdownmenu--docs) behind one IconButton.',
        'Don’t show an empty list: render an [EmptyState](?path=/docs/feedback-emptystate--docs) in its place, and [Skeleton](?path=/docs/feedback-skeleton--docs) rows while it loads.',
        'Don’t restyle rows with `className` or `style` (the props refuse them); pick a `variant`, put a status in `badge` and an icon or [Avatar](?path=/docs/display-avatar--docs) in `leading`.',
      ],
    } satisfies ComponentUsage,
  },
} satisfies Meta<typeof ActionList>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The conversation list's shape: each row's main part is one button (named by its title and
 * preview), its menu another; Tab goes through them in order, the open row is `aria-current`.
 */
export const Selectable: Story = {
  render: () => <Conversations />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole('list', { name: 'Your conversations' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    const first = canvas.getByRole('button', { name: /^Trip ideas for Đà Lạt/ });
    await expect(first).toHaveAttribute('aria-current', 'page');

    await userEvent.click(canvas.getByRole('button', { name: /^Cover letter/ }));
    await expect(onOpen).toHaveBeenCalledWith('c2');
    await expect(canvas.getByRole('button', { name: /^Cover letter/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(first).not.toHaveAttribute('aria-current');

    // The keyboard: the row, then its menu, then the next row.
    first.focus();
    await userEvent.tab();
    await expect(
      canvas.getByRole('button', { name: 'Actions for Trip ideas for Đà Lạt' }),
    ).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: /^Cover letter/ })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(onOpen).toHaveBeenLastCalledWith('c2');
  },
};

/** The long title and preview keep to one line each, cut with an ellipsis. */
export const Truncated: Story = {
  render: () => <Conversations />,
  play: async ({ canvasElement }) => {
    const title = within(canvasElement).getByText(/^A very long conversation title/);
    await expect(title.scrollWidth).toBeGreaterThan(title.clientWidth);
  },
};

export const MenuOpen: Story = {
  render: () => <Conversations />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      canvas.getByRole('button', { name: 'Actions for Cover letter for a design job' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    await expect(onRename).toHaveBeenCalledWith('Cover letter for a design job');
  },
};

/** The shared-links shape: outlined rows, several actions each, wrapping under the text. */
export const Separated: Story = {
  args: { variant: 'separated', 'aria-label': 'Your shared links' },
  render: (args) => (
    <ActionList {...args}>
      {['Trip ideas for Đà Lạt', 'Cover letter for a design job'].map((title) => (
        <ListItem
          key={title}
          title={title}
          description="Expires Dec 22, 2026, 9:30 AM"
          trailing={
            <>
              <Button size="sm" variant="secondary" icon={<Copy size={16} />}>
                Copy link
              </Button>
              <Button size="sm" variant="secondary" icon={<ExternalLink size={16} />}>
                Open
              </Button>
              <Button size="sm" variant="danger" icon={<Link2Off size={16} />}>
                Revoke
              </Button>
            </>
          }
        />
      ))}
    </ActionList>
  ),
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Your shared links' });
    const rows = within(list).getAllByRole('listitem');
    await expect(within(rows[0] as HTMLElement).getAllByRole('button')).toHaveLength(3);
  },
};

/** A badge beside the title and details under it: the signed-in devices' shape. */
export const WithBadgeAndDetails: Story = {
  args: { variant: 'separated', 'aria-label': 'Signed-in devices' },
  render: (args) => (
    <ActionList {...args}>
      <ListItem
        title="Chrome on Windows"
        badge={
          <Badge tone="accent" size="sm">
            This device
          </Badge>
        }
        description={
          <Box as="span" display="flex" flexWrap="wrap" gap="xs">
            <span>Signed in with e-mail</span>
            <span>Last active Nov 22, 2026, 9:30 AM</span>
          </Box>
        }
      />
      <ListItem
        title="Safari on iPhone"
        description="Last active Nov 20, 2026, 6:10 PM"
        trailing={
          <Button size="sm" variant="secondary">
            Sign out
          </Button>
        }
      />
    </ActionList>
  ),
};

/** Icons or avatars before the text. */
export const WithLeading: Story = {
  render: () => (
    <ActionList aria-label="Recent">
      <ListItem
        leading={<Avatar name="Linh Nguyen" size="sm" alt="" />}
        title="Linh Nguyen"
        description="Shared a conversation with you"
        onSelect={onOpen}
      />
      <ListItem
        leading={<MessagesSquare size={20} aria-hidden="true" />}
        title="Trip ideas for Đà Lạt"
        description="12 messages"
        onSelect={onOpen}
      />
      <ListItem
        leading={<FileText size={20} aria-hidden="true" />}
        title="Quarterly report.pdf"
        description="4 pages · summarised"
      />
    </ActionList>
  ),
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: /^Linh Nguyen/ }));
    await expect(onOpen).toHaveBeenCalled();
  },
};

/** A row's own content in place of its text: renaming in place, the field taking the keyboard. */
export const EditingInPlace: Story = {
  render: () => (
    <ActionList aria-label="Your conversations">
      <ListItem current title="Trip ideas for Đà Lạt">
        <form onSubmit={(event) => event.preventDefault()}>
          <TextField size="sm" label="Title" hideLabel defaultValue="Trip ideas for Đà Lạt" />
        </form>
      </ListItem>
      <ListItem title="Cover letter for a design job" description="Nov 21" onSelect={onOpen} />
    </ActionList>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'Title' })).toHaveValue(
      'Trip ideas for Đà Lạt',
    );
    // Not a button while editing, but still the current row.
    await expect(canvas.queryByRole('button', { name: /^Trip ideas/ })).not.toBeInTheDocument();
    await expect(canvas.getAllByRole('listitem')[0]).toHaveAttribute('aria-current', 'true');
  },
};

/** The list takes the keyboard when the row that had it is deleted. */
export const TakesFocusAfterDeletion: Story = {
  render: function Render() {
    const [rows, setRows] = useState(['Trip ideas for Đà Lạt', 'Cover letter for a design job']);
    return (
      <ActionList aria-label="Your conversations" variant="separated">
        {rows.map((title) => (
          <ListItem
            key={title}
            title={title}
            trailing={
              <Button
                size="sm"
                variant="danger"
                aria-label={`Delete ${title}`}
                onClick={(event) => {
                  const list = event.currentTarget.closest('ul');
                  setRows((current) => current.filter((row) => row !== title));
                  list?.focus();
                }}
              >
                Delete
              </Button>
            }
          />
        ))}
      </ActionList>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Delete Trip ideas for Đà Lạt' }));
    await waitFor(() => expect(canvas.getByRole('list')).toHaveFocus());
    await expect(canvas.getAllByRole('listitem')).toHaveLength(1);
  },
};

export const VietnameseText: Story = {
  globals: { locale: 'vi' },
  render: () => (
    <ActionList aria-label="Cuộc trò chuyện của bạn">
      <ListItem
        title="Ý tưởng du lịch Đà Lạt"
        description="22 thg 11 · Ba ngày trên cao nguyên"
        truncate
        current
        onSelect={onOpen}
      />
      <ListItem title="Thư xin việc" description="21 thg 11" truncate onSelect={onOpen} />
    </ActionList>
  ),
  play: async () => {
    await expect(screen.getByRole('list', { name: 'Cuộc trò chuyện của bạn' })).toBeInTheDocument();
  },
};
