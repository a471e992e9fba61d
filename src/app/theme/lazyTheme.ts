/**
 * A theme made the first time something reads it, standing in for the default themes MUI builds
 * as its modules run (scripts/vitePlugins.ts, lazyDefaultThemes).
 *
 * Those are read only where no ThemeProvider is above a component, which the app never renders.
 * Made lazily, their cost moves from every page's start to a read that does not happen, and a read
 * that does happen still gets the theme.
 */
export function lazyTheme<Theme extends object>(make: () => Theme): Theme {
  let made: Theme | undefined
  const theme = () => (made ??= make())
  return new Proxy({} as Theme, {
    get: (_target, key) => Reflect.get(theme(), key),
    has: (_target, key) => Reflect.has(theme(), key),
    ownKeys: () => Reflect.ownKeys(theme()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(theme(), key)
      // A proxy may report a key its empty target lacks only as configurable.
      return descriptor && { ...descriptor, configurable: true }
    },
  })
}
