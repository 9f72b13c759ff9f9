import packageJson from '../../package.json';

export const productVersion: string = packageJson.version;
