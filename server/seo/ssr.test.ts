import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { pageRenderer, serverRenderFile } from './ssr'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A built site whose render records each page it draws in globalThis[key], or throws. */
const siteWithRender = (key: string, body: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'atlas-ssr-'))
  dirs.push(dir)
  const file = serverRenderFile(dir)
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(
    file,
    `export const renderPage = async (input) => {
      ;(globalThis[${JSON.stringify(key)}] ??= []).push(input.url)
      ${body}
    }`,
  )
  return dir
}

const log = { warn: vi.fn() } as unknown as FastifyBaseLogger

describe('pageRenderer', () => {
  it('warms up by drawing an API page without data, and then draws real pages', async () => {
    const key = 'atlasWarmDrawn'
    const pages = pageRenderer(
      siteWithRender(
        key,
        'return { url: input.url, body: "<p>drawn</p>", head: "", scripts: [], styles: [] }',
      ),
      log,
    )
    await pages.warm()
    const drawn = (globalThis as Record<string, unknown>)[key] as string[]
    expect(drawn).toEqual([expect.stringMatching(/^\/apis\//)])
    const page = await pages.render({ url: '/apis/stripe-com', queries: [], answers: {} })
    expect(page?.body).toBe('<p>drawn</p>')
    expect(drawn).toHaveLength(2)
  })

  it('warms up quietly when the render fails: the page that asks says so', async () => {
    const pages = pageRenderer(siteWithRender('atlasWarmFailed', 'throw new Error("broken")'), log)
    await expect(pages.warm()).resolves.toBeUndefined()
    expect(log.warn).not.toHaveBeenCalled()
    expect(await pages.render({ url: '/apis/x', queries: [], answers: {} })).toBeNull()
    expect(log.warn).toHaveBeenCalledOnce()
  })

  it('has nothing to warm without a built render', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'atlas-ssr-'))
    dirs.push(dir)
    const pages = pageRenderer(dir, log)
    await expect(pages.warm()).resolves.toBeUndefined()
    expect(await pages.render({ url: '/', queries: [], answers: {} })).toBeNull()
  })
})
