import { describe, expect, it, vi } from 'vitest'
import { loadScreen } from './router'

// Which screens' modules have run, as the module loader runs them.
const ran = vi.hoisted(() => [] as string[])
vi.mock('@/features/blog/screens/BlogListScreen', async (original) => {
  ran.push('BlogListScreen')
  return original()
})

describe('loadScreen', () => {
  it("runs the modules of the page's own screen only", async () => {
    await loadScreen('/no/such/page')
    expect(ran).toEqual([])
    await loadScreen('/blog')
    expect(ran).toEqual(['BlogListScreen'])
  })
})
