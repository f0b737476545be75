import type { Plugin } from 'vite';

/** react-router's bundled files (its `dist/{development,production}` builds). */
const ROUTER_DIST =
  /[\\/]node_modules[\\/](?:\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?react-router[\\/]dist[\\/].*\.mjs$/;
/** `Link.displayName = "Link";`: a top-level write that keeps `Link` alive although unused. */
const DISPLAY_NAME = /^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm;
/** `var Link = React10.forwardRef(`: a top-level call that the bundler must assume has effects. */
const WRAPPED_COMPONENT =
  /^(var [A-Za-z_$][\w$]* = )(React\d*\.(?:forwardRef|memo|createContext)\()/gm;

/**
 * Lets the bundler drop the parts of react-router the app never uses. Its files assign
 * `displayName` to every component and context at the top level and create components with
 * un-annotated `forwardRef`/`memo` calls, so `Link`, `NavLink`, `Form`, the framework-mode prefetch
 * links and everything they call stay in the bundle even when nothing imports them. This marks the
 * calls pure (`/* @__PURE__ *\/`) and blanks the `displayName` writes (names React DevTools shows;
 * the app's own components never read them), keeping every line and column so source maps hold.
 */
export function routerTreeShaking(): Plugin {
  return {
    name: 'anaquel:router-tree-shaking',
    apply: 'build',
    transform: {
      filter: { id: ROUTER_DIST },
      handler(code) {
        const next = code
          .replace(DISPLAY_NAME, (line) => ' '.repeat(line.length))
          .replace(WRAPPED_COMPONENT, '$1/* @__PURE__ */ $2');
        return next === code ? null : { code: next, map: null };
      },
    },
  };
}
