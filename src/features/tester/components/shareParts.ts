// Share links' parts in one chunk behind one dynamic import, loaded when Share is pressed or the
// page opens with a `#share=` link: never in the tester's first load (docs/performance.md).
export { ShareDialog } from './ShareDialog'
export { SharedNotice } from './SharedNotice'
export { decodeShare } from '../lib/share'
