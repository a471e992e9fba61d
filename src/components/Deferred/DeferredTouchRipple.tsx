import {
  lazy,
  Suspense,
  useCallback,
  useImperativeHandle,
  useRef,
  type ComponentType,
  type Ref,
} from 'react'

/** What ButtonBase calls on its ripple, through the ripple's ref. */
type RippleHandle = Record<'start' | 'stop' | 'pulsate', (...args: unknown[]) => void>
type Call = [keyof RippleHandle, unknown[]]

type Ripple = ComponentType<{ ref: Ref<RippleHandle> }>

/** Set when the ripple's code could not be downloaded (offline, say): buttons then draw none. */
let unavailable = false

const TouchRipple = lazy(() =>
  import('@mui/material/ButtonBase/TouchRipple').then(
    // Its types name the render function that the module's forwardRef wraps, not the component.
    (module) => ({ default: module.default as unknown as Ripple }),
    // A wave is no reason for the button, or the page around it, to fail.
    (): { default: Ripple } => {
      unavailable = true
      return { default: () => null }
    },
  ),
)

/**
 * MUI's TouchRipple (the wave a press draws on a button), downloaded with the first press instead
 * of with every page: the build gives it to ButtonBase in place of its own (`deferredTouchRipple`,
 * scripts/vitePlugins.ts). ButtonBase draws its ripple only once a button is pressed or focused
 * from the keyboard, and calls it through its ref at once; the calls made before the ripple's code
 * arrived are made then, in order, so the first press still draws its wave (and Space on a focused
 * button, which stops the focus's pulse and starts a wave from the stop's callback, does too).
 */
export default function DeferredTouchRipple({
  ref,
  ...props
}: { ref?: Ref<RippleHandle> } & Record<string, unknown>) {
  const ripple = useRef<RippleHandle | null>(null)
  const waiting = useRef<Call[]>([])
  useImperativeHandle(ref, () => {
    const call =
      (name: keyof RippleHandle) =>
      (...args: unknown[]) => {
        if (ripple.current) ripple.current[name](...args)
        else if (!unavailable) waiting.current.push([name, args])
      }
    return { start: call('start'), stop: call('stop'), pulsate: call('pulsate') }
  }, [])
  const arrived = useCallback((handle: RippleHandle | null) => {
    ripple.current = handle
    if (handle) for (const [name, args] of waiting.current.splice(0)) handle[name](...args)
  }, [])
  return (
    <Suspense fallback={null}>
      <TouchRipple ref={arrived} {...props} />
    </Suspense>
  )
}
