const frames = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const frameMs = 80;

/** Shows a spinner on stderr while `work` runs, only when stderr is a terminal. */
export async function withSpinner<T>(
  label: string,
  work: Promise<T>,
  stderr: NodeJS.WriteStream = process.stderr,
): Promise<T> {
  if (!stderr.isTTY) return work;
  let index = 0;
  const timer = setInterval(() => {
    stderr.write(`\r${frames[index % frames.length]} ${label}`);
    index += 1;
  }, frameMs);
  try {
    return await work;
  } finally {
    clearInterval(timer);
    stderr.write('\r\u001b[2K');
  }
}
