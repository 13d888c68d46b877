import { createRoot } from 'react-dom/client';
import { PublicApp } from './PublicApp';

// The standalone public page: no Module Federation here, so no async boundary is needed.
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(<PublicApp />);
