/**
 * A tiny line-editing shell: echoes what is typed, handles backspace, Ctrl-C/D/L/U, skips cursor
 * escape sequences, and runs the line on Enter (\r, \n or \r\n). Output uses \r\n as a terminal
 * expects. While `flood` runs, only Ctrl-C is read (it stops the flood).
 */
import { run, type ShellEnv, type ShellState } from './commands';

export interface ShellIO {
  write(s: string): void;
  exit(code: number): void;
  /** Prints `bytes` bytes; resolves with how many went out (fewer when aborted or closed). */
  flood(bytes: number): Promise<number>;
  abortFlood(): void;
}

const CLEAR = '\x1b[H\x1b[2J\x1b[3J';

export class Shell {
  private line: string[] = [];
  private busy = false;
  private lastWasCR = false;
  /** 0: normal, 1: after ESC, 2: inside a CSI sequence (ESC [ … final byte). */
  private esc: 0 | 1 | 2 = 0;
  private readonly st: ShellState = { cwd: '/root' };

  constructor(
    private readonly env: ShellEnv,
    private readonly io: ShellIO,
  ) {}

  prompt(): string {
    const dir = this.st.cwd === '/root' ? '~' : this.st.cwd;
    return `root@${this.env.name}:${dir}# `;
  }

  start(banner = ''): void {
    this.io.write(banner + this.prompt());
  }

  input(text: string): void {
    for (const ch of text) {
      if (this.busy) {
        if (ch === '\x03') this.io.abortFlood();
        continue;
      }
      this.key(ch);
    }
  }

  private key(ch: string): void {
    const cr = this.lastWasCR;
    this.lastWasCR = ch === '\r';
    if (this.esc === 1) {
      this.esc = ch === '[' ? 2 : 0;
      return;
    }
    if (this.esc === 2) {
      if (ch >= '@' && ch <= '~') this.esc = 0;
      return;
    }
    switch (ch) {
      case '\x1b':
        this.esc = 1;
        return;
      case '\r':
        return this.enter();
      case '\n':
        if (!cr) this.enter(); // \r\n is one Enter
        return;
      case '\x7f':
      case '\b':
        if (this.line.pop() !== undefined) this.io.write('\b \b');
        return;
      case '\x03':
        this.line = [];
        this.io.write(`^C\r\n${this.prompt()}`);
        return;
      case '\x04':
        if (this.line.length === 0) this.io.exit(0);
        return;
      case '\x0c':
        this.io.write(CLEAR + this.prompt() + this.line.join(''));
        return;
      case '\x15':
        this.io.write('\b \b'.repeat(this.line.length));
        this.line = [];
        return;
      default:
        if (ch < ' ') return; // other control characters (tab …) do nothing here
        this.line.push(ch);
        this.io.write(ch);
    }
  }

  private enter(): void {
    const text = this.line.join('');
    this.line = [];
    this.io.write('\r\n');
    const out = run(text, this.env, this.st);
    if ('exit' in out) {
      this.io.write('logout\r\n');
      this.io.exit(out.exit);
    } else if ('clear' in out) this.io.write(CLEAR + this.prompt());
    else if ('flood' in out) {
      this.busy = true;
      void this.io.flood(out.flood).then((sent) => {
        this.busy = false;
        this.io.write(`\r\n[flood] ${sent} bytes\r\n${this.prompt()}`);
      });
    } else {
      const lines = 'error' in out ? [out.error] : out.print;
      this.io.write(lines.map((l) => `${l}\r\n`).join('') + this.prompt());
    }
  }
}
