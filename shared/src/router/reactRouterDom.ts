/**
 * What the console's apps get when they import 'react-router-dom' (rsbuild.federation.ts shares
 * this module under that key): the declarative router API of react-router 7, and only it.
 *
 * Why a curated list: a Module Federation shared module is never tree-shaken (the provider
 * cannot know what the remotes use), and react-router-dom shared whole is ~64 KiB gzip on
 * every page; these exports alone are ~15. Using an export not listed here fails the unit
 * test next to this file (it reads every app's imports), so add it here first.
 */
export {
  BrowserRouter,
  createSearchParams,
  generatePath,
  Link,
  MemoryRouter,
  matchPath,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  resolvePath,
  useHref,
  useInRouterContext,
  useLinkClickHandler,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
} from 'react-router';
