import type { Command } from 'commander';
import { Argument } from 'commander';
import type { PageActionInput } from '../../shared/page';
import type { Env } from '../cli-context';
import { UsageError } from '../cli-errors';
import { addActionTimeout, addGlobalOptions, parseNonNegativeInt, parsePositiveInt } from '../global-options';
import { parseBoolean, parseJsonArgument } from '../parse-values';
import { bindAction } from '../run-action';
import { parseTarget } from '../target';
import { executeAction, type ActionOptions } from './page-action';
import { addPageReadCommands } from './page-read';

/** The exact strings the service replaces with the session vault's credential (API.md). */
export const vaultSentinels = {
  email: 'user@example.org',
  username: 'cooljohnny1567',
  password: 'mycoolpassword',
  mfa: '999779',
} as const;
type VaultField = keyof typeof vaultSentinels;

export function addPageCommands(program: Command, env: Env): void {
  const page = program
    .command('page')
    .description('Act on the page of the current session (or --session-id)');
  const leaf = (name: string, description: string, example: string, { ownsTimeout = false } = {}) => {
    const command = page.command(name).description(description);
    addGlobalOptions(command, { withTimeout: !ownsTimeout });
    if (ownsTimeout) addActionTimeout(command);
    return command
      .option('--session-id <id>', 'session to act on (default: SVC_SESSION_ID, then the current session)')
      .addHelpText('after', `\nExample:\n  $ ${example}`);
  };
  const elementLeaf = (name: string, description: string, example: string) =>
    leaf(name, description, example, { ownsTimeout: true }).argument(
      '<target>',
      'element id from observe (e.g. B3) or a Playwright selector',
    );
  const simple = (name: string, description: string, example: string, action: PageActionInput) =>
    bindAction<ActionOptions>(leaf(name, description, example), env, (context, options) =>
      executeAction(context, options, action),
    );

  bindAction<ActionOptions, [string]>(
    leaf('goto', 'Navigate to a URL', 'svc page goto https://example.org').argument('<url>'),
    env,
    (context, options, url) => executeAction(context, options, { type: 'goto', url }),
  );
  bindAction<ActionOptions, [string]>(
    leaf('new-tab', 'Open a URL in a new tab', 'svc page new-tab https://example.org').argument('<url>'),
    env,
    (context, options, url) => executeAction(context, options, { type: 'goto_new_tab', url }),
  );
  simple('back', 'Go back in history', 'svc page back', { type: 'go_back' });
  simple('forward', 'Go forward in history', 'svc page forward', { type: 'go_forward' });
  simple('reload', 'Reload the page', 'svc page reload', { type: 'reload' });
  simple('close-tab', 'Close the active tab', 'svc page close-tab', { type: 'close_tab' });

  bindAction<ActionOptions, [string]>(
    elementLeaf('click', 'Click an element', 'svc page click B3 --enter').option(
      '--enter',
      'press Enter afterwards',
    ),
    env,
    (context, options, target) => executeAction(context, options, { type: 'click', ...parseTarget(target) }),
  );

  const fill = elementLeaf(
    'fill',
    'Type a value into an input',
    'svc page fill I1 "jane@example.org" --enter',
  )
    .argument('[value]', 'the text to fill')
    .option('--clear', 'clear the field first')
    .option('--enter', 'press Enter afterwards')
    .option(
      '--vault-field <field>',
      'fill the session vault credential instead: email, username, password or mfa',
    );
  bindAction<ActionOptions & { clear?: boolean; vaultField?: string }, [string, string | undefined]>(
    fill,
    env,
    (context, options, target, value) => {
      const action = fillAction(target, value, options.vaultField, Boolean(options.clear));
      return executeAction(context, options, action);
    },
  );

  bindAction<ActionOptions & { value: boolean }, [string]>(
    elementLeaf('check', 'Check or uncheck a checkbox', 'svc page check B2 --value false').option(
      '--value <bool>',
      'true to check, false to uncheck',
      parseBoolean,
      true,
    ),
    env,
    (context, options, target) =>
      executeAction(context, options, { type: 'check', ...parseTarget(target), value: options.value }),
  );
  bindAction<ActionOptions, [string, string]>(
    elementLeaf('select', 'Choose a dropdown option', 'svc page select I4 "Germany"').argument(
      '<option>',
      'the option text or value',
    ),
    env,
    (context, options, target, option) =>
      executeAction(context, options, {
        type: 'select_dropdown_option',
        ...parseTarget(target),
        value: option,
      }),
  );
  bindAction<ActionOptions, [string]>(
    leaf(
      'eval-js',
      'Evaluate JavaScript in the page and print its value',
      "svc page eval-js 'document.title'",
    ).argument('<code>', 'an expression, or a function returning a value'),
    env,
    (context, options, code) => executeAction(context, options, { type: 'evaluate_js', code }),
  );
  for (const direction of ['down', 'up'] as const) {
    bindAction<ActionOptions, [number | undefined]>(
      leaf(
        `scroll-${direction}`,
        `Scroll ${direction} (a screen, or [amount] pixels)`,
        `svc page scroll-${direction} 600`,
      ).argument('[amount]', 'pixels', parsePositiveInt('amount')),
      env,
      (context, options, amount) =>
        executeAction(context, options, { type: direction === 'down' ? 'scroll_down' : 'scroll_up', amount }),
    );
  }
  bindAction<ActionOptions, [string]>(
    leaf('press', 'Press a key', 'svc page press Escape').argument(
      '<key>',
      'Enter, Escape, Tab, Control+A, ...',
    ),
    env,
    (context, options, key) => executeAction(context, options, { type: 'press_key', key }),
  );
  bindAction<ActionOptions, [number]>(
    leaf(
      'switch-tab',
      'Make tab <index> (0-based, as observe lists them) the active one',
      'svc page switch-tab 1',
    ).argument('<index>', 'tab index, from 0', parseNonNegativeInt('index')),
    env,
    (context, options, index) => executeAction(context, options, { type: 'switch_tab', tab_index: index }),
  );
  bindAction<ActionOptions, [number]>(
    leaf('wait', 'Pause for <milliseconds>', 'svc page wait 1500').argument(
      '<milliseconds>',
      'how long',
      parseNonNegativeInt('milliseconds'),
    ),
    env,
    (context, options, ms) => executeAction(context, options, { type: 'wait', time_ms: ms }),
  );
  bindAction<ActionOptions, [string]>(
    leaf(
      'captcha-solve',
      'Solve a CAPTCHA of the given kind',
      'svc page captcha-solve recaptcha',
    ).addArgument(
      new Argument('<kind>', 'the kind of CAPTCHA').choices(['recaptcha', 'hcaptcha', 'turnstile']),
    ),
    env,
    (context, options, kind) =>
      executeAction(context, options, { type: 'captcha_solve', captcha_type: kind as 'recaptcha' }),
  );
  bindAction<ActionOptions & { success: boolean }, [string]>(
    leaf(
      'complete',
      'Mark the task complete with a message',
      'svc page complete "Order placed" --success=true',
    )
      .argument('<message>')
      .option('--success <bool>', 'whether the task succeeded', parseBoolean, true),
    env,
    (context, options, message) =>
      executeAction(context, options, { type: 'completion', success: options.success, answer: message }),
  );
  bindAction<ActionOptions & { data: unknown }>(
    leaf(
      'form-fill',
      'Fill a form from a JSON object of field → value',
      `svc page form-fill --data '{"email": "jane@example.org"}'`,
    ).requiredOption(
      '--data <json>',
      'JSON object, field (autocomplete name, label, name or type) → value',
      parseJsonArgument,
    ),
    env,
    (context, options) =>
      executeAction(context, options, { type: 'form_fill', value: toFormValues(options.data) }),
  );
  addPageReadCommands(leaf, env);
}

function fillAction(
  target: string,
  value: string | undefined,
  vaultField: string | undefined,
  clear: boolean,
): PageActionInput {
  if (vaultField !== undefined) {
    if (value !== undefined) throw new UsageError('Give a value or --vault-field, not both');
    if (!(vaultField in vaultSentinels))
      throw new UsageError('--vault-field must be email, username, password or mfa');
    const sentinel = vaultSentinels[vaultField as VaultField];
    if (vaultField === 'mfa') return { type: 'multi_factor_fill', ...parseTarget(target), value: sentinel };
    return { type: 'fill', ...parseTarget(target), value: sentinel, clear_before_fill: clear };
  }
  if (value === undefined) throw new UsageError('Give the value to fill (or --vault-field)');
  return { type: 'fill', ...parseTarget(target), value, clear_before_fill: clear };
}

function toFormValues(data: unknown): Record<string, string> {
  const isObject = typeof data === 'object' && data !== null && !Array.isArray(data);
  if (!isObject) throw new UsageError('--data must be a JSON object of field → value');
  return Object.fromEntries(
    Object.entries(data).map(([field, value]) => [
      field,
      typeof value === 'string' ? value : JSON.stringify(value),
    ]),
  );
}
