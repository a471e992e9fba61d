import { describe, expect, it } from 'vitest'
import { publicConfigSchema } from '@/contract/config'
import { embeddedConfig, externalDirectoryConfig } from './config'

/** Fixtures follow the server's contract, so stories cannot show what the server never sends. */
describe('fixtures match the /api contract', () => {
  it.each([
    ['embedded', embeddedConfig],
    ['external directory', externalDirectoryConfig],
  ])('config: %s', (_name, config) => {
    expect(publicConfigSchema.parse(config)).toEqual(config)
  })
})
