import { createAppConfig } from '../rsbuild.base';

export default createAppConfig({ dir: 'shell', federationName: 'vigil_shell', title: 'Vigil' });
