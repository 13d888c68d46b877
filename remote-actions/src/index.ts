// The federated remote's entry (hosts load it through its manifest). The public page that the
// API serves for notification links has its own entry: src/public/main.tsx.
import('./bootstrap');
