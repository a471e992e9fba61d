import { getStoryContext, type TestRunnerConfig } from '@storybook/test-runner'

/** A story's `phone` parameter: the viewport it is tested at, as on a phone. */
export type PhoneViewport = { width: number; height: number }

// The runner reuses one page for the stories of a file: the size it was opened at is put back for
// every story that does not ask for a phone's.
let opened: PhoneViewport | null | undefined

// A play function asserts the state a story settles in, not its animation. On a busy machine a
// dialog caught in its first frame of fading in still computes opacity 0, which reads as "not
// visible", and colours caught mid-fade can fail the contrast check. The runner switches CSS
// transitions off; Storybook itself, where designers look, still animates. MUI's transitions end
// on their own timers, so nothing waits for a transitionend that no longer comes.
const STILL =
  '*, *::before, *::after { transition-duration: 0s !important; transition-delay: 0s !important; }'

const config: TestRunnerConfig = {
  async preVisit(page, context) {
    opened ??= page.viewportSize()
    const story = await getStoryContext(page, context)
    const phone = story.parameters?.phone as PhoneViewport | undefined
    const size = phone ?? opened
    if (size) await page.setViewportSize(size)
    await page.evaluate((css) => {
      if (document.getElementById('runner-still')) return
      const style = document.createElement('style')
      style.id = 'runner-still'
      style.textContent = css
      document.head.append(style)
    }, STILL)
  },
}

export default config
