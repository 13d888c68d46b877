import { createAppConfig } from '../rsbuild.base';

export default createAppConfig({
  dir: 'remote-settings',
  federationName: 'remote_settings',
  exposes: { './SettingsPage': './src/pages/SettingsPage.tsx' },
});
