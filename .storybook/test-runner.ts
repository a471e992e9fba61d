import { getStoryContext, type TestRunnerConfig } from '@storybook/test-runner'

/** A story's `phone` parameter: the viewport it is tested at, as on a phone. */
export type PhoneViewport = { width: number; height: number }

// The runner reuses one page for the stories of a file: the size it was opened at is put back for
// every story that does not ask for a phone's.
let opened: PhoneViewport | null | undefined

const config: TestRunnerConfig = {
  async preVisit(page, context) {
    opened ??= page.viewportSize()
    const story = await getStoryContext(page, context)
    const phone = story.parameters?.phone as PhoneViewport | undefined
    const size = phone ?? opened
    if (size) await page.setViewportSize(size)
  },
}

export default config
