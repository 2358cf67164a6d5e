/** Shared mingo options: strict MongoDB mode, no script execution, no cloning. */
import { ProcessingMode } from "mingo";
import type { Options } from "mingo/types";

export function mingoOptions(extra: Partial<Options> = {}): Partial<Options> {
  return {
    useStrictMode: true,
    scriptEnabled: false,
    processingMode: ProcessingMode.CLONE_OFF,
    ...extra,
  };
}
