import { createRoot } from 'react-dom/client';
import { App } from './App';
import { registerRemotesFromMap } from './remotes/remoteRegistry';

// Remotes are registered before the first render, so any route can load its remote.
await registerRemotesFromMap();
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(<App />);
