import { createAppConfig } from '../rsbuild.base';

export default createAppConfig({
  dir: 'remote-settings',
  federationName: 'remote_settings',
  port: 3004,
  exposes: { './SettingsPage': './src/pages/SettingsPage.tsx' },
});
