import { createAppConfig } from '../rsbuild.base';

export default createAppConfig({
  dir: 'remote-alerts',
  federationName: 'remote_alerts',
  exposes: { './AlertsPage': './src/pages/AlertsPage.tsx' },
});
