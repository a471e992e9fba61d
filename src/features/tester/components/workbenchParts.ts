// The workbench's parts in one chunk behind one dynamic import (TesterWorkspace): one loader
// costs the page's first load less than one per part.
export { CollectionsPanel } from './CollectionsPanel'
export { WorkbenchBar } from './WorkbenchBar'
export { answerCookiesKept, sendPrepared } from '../lib/workbenchThunks'
