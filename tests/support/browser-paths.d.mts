export const HEADLESS_SHELL: string;
export const FULL_BROWSER: string;
export function testBrowserPath(): string;
