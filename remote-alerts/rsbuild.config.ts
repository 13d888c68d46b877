import { createAppConfig } from '../rsbuild.base';

export default createAppConfig({
  dir: 'remote-alerts',
  federationName: 'remote_alerts',
  port: 3001,
  exposes: { './AlertsPage': './src/pages/AlertsPage.tsx' },
});
