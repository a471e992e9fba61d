import type { ReactNode } from 'react'
import { Provider } from 'react-redux'
import type { EmotionCache } from '@emotion/cache'
import { SiteUrlContext } from '@/components/PageMeta/SiteUrl'
import { AppThemeProvider } from './theme/AppThemeProvider'
import { useGetConfigQuery } from '../lib/store/configApi'
import type { AppStore } from '../lib/store/store'

function SiteUrlFromConfig({ children }: { children: ReactNode }) {
  const { data } = useGetConfigQuery()
  return <SiteUrlContext value={data?.siteUrl ?? null}>{children}</SiteUrlContext>
}

type Props = {
  store: AppStore
  emotionCache: EmotionCache
  children: ReactNode
  persistThemeMode?: boolean
  themeSheet?: boolean
}

/** Every provider the screens rely on; the app, stories and tests all wrap screens with it. */
export function AppProviders({
  store,
  emotionCache,
  children,
  persistThemeMode,
  themeSheet,
}: Props) {
  return (
    <Provider store={store}>
      <AppThemeProvider cache={emotionCache} persistMode={persistThemeMode} themeSheet={themeSheet}>
        <SiteUrlFromConfig>{children}</SiteUrlFromConfig>
      </AppThemeProvider>
    </Provider>
  )
}
