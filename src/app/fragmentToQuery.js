// Inlined first in index.html's head (scripts/vitePlugins.ts), allowed by its hash. An API page
// whose address names an operation by its fragment alone (`/apis/stripe-com#op-PostCustomers`, the
// form older links and docs/reference.md use) is asked for again with the operation in its query
// as well (`?op=PostCustomers#op-PostCustomers`, the form the product's own links write), before
// anything else of the page loads. The server never sees a fragment but draws the operation a
// query names, so the visitor reads it at the first paint, not once the app has downloaded, run and
// fetched it (on the largest API at a slow phone's speed, two seconds and more after that paint).
{
  const named = /^#op-(.+)$/.exec(location.hash)
  const query = new URLSearchParams(location.search)
  if (named && /^\/apis\/[^/]+\/?$/.test(location.pathname) && !query.has('op')) {
    try {
      // As operationKeyOfAnchor reads an anchor (src/shared/operationLinks.ts).
      query.set('op', decodeURIComponent(named[1].replace(/\./g, '%')))
      // Nothing more of this page is fetched: the next one is the page.
      window.stop()
      location.replace(`${location.pathname}?${query}${location.hash}`)
    } catch {
      // An anchor that is no operation's: the page as it is.
    }
  }
}
