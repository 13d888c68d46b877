declare namespace NodeJS {
  interface ProcessEnv {
    readonly VIGIL_APP_VERSION: string;
    readonly VIGIL_APP_NAME: string;
  }
}
declare const process: { env: NodeJS.ProcessEnv };
