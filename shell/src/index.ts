import { applyStoredScheme } from './theme/applyStoredScheme';

// Before anything loads: a prerendered page shows in the stored theme from here on.
applyStoredScheme();
// The async boundary: shared singletons are negotiated before any of them is evaluated.
import('./bootstrap');
