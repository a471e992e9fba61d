import { getJestConfig } from '@storybook/test-runner'

const base = getJestConfig()

/** The story tests in Debian's Chromium: Playwright's own browser builds cannot be downloaded here. */
export default {
  ...base,
  // A limit for a story that hangs; a busy 2-core machine runs them many times slower than idle.
  testTimeout: 90_000,
  testEnvironmentOptions: {
    ...base.testEnvironmentOptions,
    'jest-playwright': {
      ...base.testEnvironmentOptions?.['jest-playwright'],
      browsers: ['chromium'],
      launchOptions: {
        executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-dev-shm-usage',
        ],
      },
    },
  },
}
