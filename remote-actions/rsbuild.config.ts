import { createAppConfig } from '../rsbuild.base';

export default createAppConfig({
  dir: 'remote-actions',
  federationName: 'remote_actions',
  port: 3005,
  exposes: { './ActionsPage': './src/pages/ActionsPage.tsx', './ResultPage': './src/pages/ResultPage.tsx' },
});
