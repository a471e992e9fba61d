import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fireEvent, within } from 'storybook/test'
import { samplePosts } from '../samplePosts'
import { SocialScreen } from './SocialScreen'

/** 2026-01-01T00:00:00Z: the id every post created in these stories gets. */
const NOW = 1_767_225_600_000

const meta = {
  title: 'Screens/Social',
  component: SocialScreen,
  // A fixed clock, and no local storage: each story starts from the samples or its own store.
  args: { now: () => NOW, storage: null },
  parameters: { route: '/social' },
} satisfies Meta<typeof SocialScreen>

export default meta
type Story = StoryObj<typeof meta>

type Canvas = ReturnType<typeof within>

const totals = (canvas: Canvas) => {
  const section = within(canvas.getByRole('region', { name: 'Analytics Summary' }))
  const value = (label: string) =>
    within(section.getByRole('region', { name: label })).getAllByText(/\d/)[0]?.textContent
  return {
    likes: value('Total Likes'),
    shares: value('Total Shares'),
    comments: value('Total Comments'),
    clicks: value('Total Clicks'),
  }
}

/** The published post's engagement figures, label to value. */
const engagement = (post: HTMLElement) => {
  const list = post.querySelector('dl') as HTMLElement
  return Object.fromEntries(
    within(list)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  )
}

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Social manager' })).toBeVisible()
    const tabs = within(canvas.getByRole('tablist', { name: 'Platform' })).getAllByRole('tab')
    await expect(tabs.map((tab) => tab.textContent)).toEqual([
      'All Platforms',
      'Twitter',
      'LinkedIn',
      'Facebook',
      'Instagram',
    ])
    await expect(canvas.getByRole('tab', { name: 'All Platforms' })).toHaveAttribute(
      'aria-selected',
      'true',
    )

    const form = within(canvas.getByRole('region', { name: 'Create New Post' }))
    await expect(form.getByRole('combobox', { name: 'Platform' })).toHaveValue('twitter')
    await expect(form.getByLabelText('Schedule Time')).toHaveAttribute('type', 'datetime-local')
    await expect(form.getByRole('textbox', { name: 'Content' })).toHaveAttribute(
      'placeholder',
      "What's on your mind?",
    )
    await expect(form.getByRole('textbox', { name: 'Hashtags' })).toHaveAttribute(
      'placeholder',
      '#API #Developer #Tech',
    )
    await expect(form.getByRole('button', { name: 'Create Post' })).toBeEnabled()

    const posts = canvas.getAllByRole('article')
    await expect(posts).toHaveLength(4)
    const titles = posts.map((post) => within(post).getByRole('heading').textContent)
    await expect(titles).toEqual([
      'Twitter Post',
      'Instagram Post',
      'LinkedIn Post',
      'Facebook Post',
    ])

    const twitter = within(canvas.getByRole('article', { name: 'Twitter Post' }))
    await expect(twitter.getByText('Scheduled')).toBeVisible()
    await expect(twitter.getByText('Feb 3, 2026, 9:30 AM')).toBeVisible()
    await expect(twitter.getByText('#Developer')).toBeVisible()
    await expect(twitter.getByRole('button', { name: 'Publish Now' })).toBeVisible()
    await expect(twitter.queryByRole('term')).not.toBeInTheDocument()

    const linkedIn = canvas.getByRole('article', { name: 'LinkedIn Post' })
    await expect(within(linkedIn).getByText('Published')).toBeVisible()
    await expect(within(linkedIn).queryByRole('button')).not.toBeInTheDocument()
    await expect(engagement(linkedIn)).toEqual({
      Likes: '142',
      Shares: '38',
      Comments: '17',
      Clicks: '311',
    })

    await expect(totals(canvas)).toEqual({
      likes: '228',
      shares: '62',
      comments: '48',
      clicks: '478',
    })
  },
}

/** The Twitter tab: only Twitter's post, and the summary over it alone. */
export const FilteredTwitter: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('tab', { name: 'Twitter' }))
    await expect(canvas.getByRole('tab', { name: 'Twitter' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await expect(canvas.getAllByRole('article')).toHaveLength(1)
    await expect(canvas.getByRole('article', { name: 'Twitter Post' })).toBeVisible()
    await expect(canvas.getByRole('heading', { name: 'Twitter posts' })).toBeVisible()
    await expect(totals(canvas)).toEqual({ likes: '0', shares: '0', comments: '0', clicks: '0' })

    await userEvent.click(canvas.getByRole('tab', { name: 'LinkedIn' }))
    await expect(canvas.getAllByRole('article')).toHaveLength(1)
    await expect(totals(canvas)).toEqual({
      likes: '142',
      shares: '38',
      comments: '17',
      clicks: '311',
    })

    await userEvent.click(canvas.getByRole('tab', { name: 'All Platforms' }))
    await expect(canvas.getAllByRole('article')).toHaveLength(4)
  },
}

/** Create Post adds a draft at the top: hashtags split on spaces, blanks dropped; then Schedule. */
export const DraftCreated: Story = {
  play: async ({ canvas, userEvent }) => {
    const form = within(canvas.getByRole('region', { name: 'Create New Post' }))
    await userEvent.selectOptions(form.getByRole('combobox', { name: 'Platform' }), 'linkedin')
    // A date-and-time input takes no typing from user-event; set it as the picker would.
    fireEvent.change(form.getByLabelText('Schedule Time'), {
      target: { value: '2026-03-02T14:45' },
    })
    await userEvent.type(
      form.getByRole('textbox', { name: 'Content' }),
      'Our API tester now keeps your request history.',
    )
    await userEvent.type(form.getByRole('textbox', { name: 'Hashtags' }), '#API  #Tools ')
    await userEvent.click(form.getByRole('button', { name: 'Create Post' }))

    const posts = canvas.getAllByRole('article')
    await expect(posts).toHaveLength(5)
    const draft = within(posts[0]!)
    await expect(draft.getByRole('heading', { name: 'LinkedIn Post' })).toBeVisible()
    await expect(draft.getByText('Draft')).toBeVisible()
    await expect(draft.getByText('Mar 2, 2026, 2:45 PM')).toBeVisible()
    await expect(draft.getByText('Our API tester now keeps your request history.')).toBeVisible()
    const tags = within(draft.getByRole('list', { name: 'Hashtags' })).getAllByRole('listitem')
    await expect(tags.map((tag) => tag.textContent)).toEqual(['#API', '#Tools'])
    await expect(draft.getByRole('button', { name: 'Schedule' })).toBeVisible()
    // The form is cleared for the next post.
    await expect(form.getByRole('textbox', { name: 'Content' })).toHaveValue('')
  },
}

/** No validation: an empty post is created; Schedule, then Publish Now shows its engagement. */
export const ScheduleAndPublish: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Create Post' }))
    const draft = canvas.getAllByRole('article')[0]!
    await expect(within(draft).getByRole('heading', { name: 'Twitter Post' })).toBeVisible()
    await expect(within(draft).getByText('No time set')).toBeVisible()
    await expect(within(draft).getByText('No content')).toBeVisible()
    await expect(within(draft).queryByRole('list', { name: 'Hashtags' })).not.toBeInTheDocument()

    await userEvent.click(within(draft).getByRole('button', { name: 'Schedule' }))
    await expect(within(draft).getByText('Scheduled')).toBeVisible()
    await userEvent.click(within(draft).getByRole('button', { name: 'Publish Now' }))
    await expect(within(draft).getByText('Published')).toBeVisible()
    await expect(within(draft).queryByRole('button')).not.toBeInTheDocument()
    await expect(engagement(draft)).toEqual({
      Likes: '0',
      Retweets: '0',
      Replies: '0',
      Clicks: '0',
    })

    await userEvent.click(canvas.getByRole('button', { name: 'Reset demo data' }))
    await expect(canvas.getAllByRole('article')).toHaveLength(4)
  },
}

/** A network with no posts: its tab says so, and the totals are zero. */
export const Empty: Story = {
  parameters: {
    store: {
      socialPosts: {
        posts: samplePosts.filter((post) => post.platform !== 'facebook'),
        filter: 'facebook',
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('tab', { name: 'Facebook' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await expect(canvas.getByText('No Facebook posts yet')).toBeVisible()
    await expect(canvas.queryByRole('article')).not.toBeInTheDocument()
    await expect(totals(canvas)).toEqual({ likes: '0', shares: '0', comments: '0', clicks: '0' })
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Social manager' })).toBeVisible()
    await expect(canvas.getAllByRole('article')).toHaveLength(4)
    await expect(await canvas.findByRole('button', { name: 'Switch to light mode' })).toBeVisible()
  },
}
