import { createRoot, hydrateRoot } from 'react-dom/client';
import { createAlertStore } from '../components/publicAlert';
import { PublicApp } from './PublicApp';
import { readEmbeddedPageData } from './pageData';
import { seedAlertStore } from './seedAlertStore';

// The standalone public page: no Module Federation here, so no async boundary is needed.
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
const alerts = createAlertStore();
// The API renders /actions/:id and the result pages on the server (api/src/console/publicPageRender.ts)
// and embeds the data it used: hydrate that HTML from the same data. Without it (a page served
// as a file, `npm run dev`), render in the browser.
const data = readEmbeddedPageData(document);
if (data) {
  seedAlertStore(alerts, data);
  hydrateRoot(root, <PublicApp alerts={alerts} data={data} />);
} else {
  createRoot(root).render(<PublicApp alerts={alerts} />);
}
