import { spawn } from "node:child_process";

/** spawnSync's result, without blocking the test process while the command runs (an app it started answers meanwhile). */
export function runCommand(
  command: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; timeout: number },
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: options.env, timeout: options.timeout });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}
