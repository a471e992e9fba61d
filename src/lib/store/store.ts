import {
  combineSlices,
  configureStore,
  type ThunkAction,
  type UnknownAction,
} from '@reduxjs/toolkit'
import { setupListeners } from '@reduxjs/toolkit/query'
import { baseApi, type StoreExtra } from './baseApi'

/**
 * Slices of features that load with their route add themselves here (code splitting):
 * `declare module '@/lib/store/store' { interface LazyLoadedSlices extends WithSlice<typeof s> {} }`
 * then `s.injectInto(rootReducer)` in the slice's module. Import that module before `makeStore`
 * (a story or test importing the screen does) so preloaded state for it is kept.
 */
// Declaration merging needs an interface.
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions, @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(baseApi).withLazyLoadedSlices<LazyLoadedSlices>()

export type RootState = ReturnType<typeof rootReducer>

/**
 * A fresh store; the app makes one, every story and test makes its own, and the server one per
 * page it draws. The answers a page came with go in afterwards (primeFirstAnswers). `extra` holds
 * the services its thunks run on; a feature given none uses its defaults.
 */
export function makeStore(preloadedState?: Partial<RootState>, extra: StoreExtra = {}) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    // No listener middleware: nothing listens yet, and it would cost every first load (docs/performance.md).
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: { extraArgument: extra } }).concat(baseApi.middleware),
  })
  setupListeners(store.dispatch)
  return store
}

export type AppStore = ReturnType<typeof makeStore>
export type AppDispatch = AppStore['dispatch']

/** A thunk of this store: it reads the store's services from `extra`. */
export type AppThunk<Result = void> = ThunkAction<Result, RootState, StoreExtra, UnknownAction>
