/** What a visitor asked of the tester's workbench (environments, collections) before it loaded. */
export type WorkbenchIntent =
  'environments' | 'cookies' | 'save' | 'shortcuts' | 'collections' | 'import'

/** `{{name}}` anywhere: the workbench loads to say whether each is set. */
export const USES_VARIABLES = /\{\{\s*[A-Za-z0-9_.$-]+\s*\}\}/
