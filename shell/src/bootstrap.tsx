import { isLoggedIn } from '@vigil/shared';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { registerRemotesFromMap } from './remotes/remoteRegistry';
import { isPublicPagePath, PUBLIC_PAGES } from './routes';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

if (root.firstElementChild && isPublicPagePath(location.pathname)) {
  // A public page prerendered at build time (docs/console/prerendered-pages.md). Its module is loaded first, so
  // hydration renders it at once (routes.tsx, pageOnDemand). No remote is needed here: the
  // remotes map is read when one is opened.
  await PUBLIC_PAGES[location.pathname].preload();
  hydrateRoot(root, <App />);
} else {
  // A signed-in visit (a deep link such as /alerts): the signed-in area's modules (and react-query
  // with them) load while the remotes map is read, not one after the other once it renders.
  if (isLoggedIn()) {
    void import('./layout/AppLayout');
    void import('./remotes/RemotePage');
  }
  // Remotes are registered before the first render, so any route can load its remote.
  await registerRemotesFromMap();
  createRoot(root).render(<App />);
}
