// The password rule, one module for the auth service (server/auth/password.ts) and the forms'
// hints. Reasons are GoTrue's `weak_password.reasons` codes, so a form can read the server's
// answer and its own check alike:
//   'length'     shorter than the minimum (GoTrue's password_min_length);
//   'characters' misses a required character set (GoTrue's password_required_characters);
//   'pwned'      a known or guessable password. GoTrue asks HaveIBeenPwned; without a network
//                lookup we refuse the patterns such lists are made of: common words with a few
//                digits, keyboard runs, sequences, repeats and the e-mail's own name.
export type PasswordProblem = 'length' | 'characters' | 'pwned';

export interface PasswordPolicy {
  minLength: number;
  /** Each string is a set: the password needs one character of every set (GoTrue's format). */
  requiredCharacters: readonly string[];
}

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = LOWER.toUpperCase();
const DIGITS = '0123456789';

/** Supabase's 'Letters and digits' setting: at least one letter and one digit. */
export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  minLength: 8,
  requiredCharacters: [LOWER + UPPER, DIGITS],
};

/** bcrypt reads 72 bytes at most; GoTrue refuses longer passwords outright (validation_failed). */
/** The shortest password the default rule accepts (the forms' hints say it). */
export const MIN_PASSWORD_LENGTH = DEFAULT_PASSWORD_POLICY.minLength;
export const MAX_PASSWORD_LENGTH = 72;

// Words at the top of every breached-password list (and this product's own name), in EN and FR.
const COMMON_WORDS = [
  'password',
  'passw0rd',
  'motdepasse',
  'qwerty',
  'azerty',
  'qwertz',
  'letmein',
  'welcome',
  'bienvenue',
  'admin',
  'administrator',
  'iloveyou',
  'jetaime',
  'monkey',
  'dragon',
  'football',
  'baseball',
  'soccer',
  'sunshine',
  'princess',
  'master',
  'shadow',
  'superman',
  'trustno1',
  'changeme',
  'secret',
  'login',
  'bonjour',
  'soleil',
  'default',
  'pointage',
  'demo',
];

const KEYBOARD_ROWS = [
  '1234567890',
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
  'azertyuiop',
  'qsdfghjklm',
  'wxcvbn',
];

/** The word stripped of the digits and symbols people add to pass a rule ('Password1!' → 'password'). */
const core = (password: string) =>
  password
    .toLowerCase()
    .replace(/^[^a-z]+|[^a-z]+$/g, '')
    .replace(/[@]/g, 'a')
    .replace(/[$]/g, 's');

/** Every character one step up or down from the last one, as in 'abcdefgh' or '98765432'. */
function isSequence(text: string, shortest = 4): boolean {
  if (text.length < shortest) return false;
  const step = text.charCodeAt(1) - text.charCodeAt(0);
  if (Math.abs(step) !== 1) return false;
  for (let i = 2; i < text.length; i++)
    if (text.charCodeAt(i) - text.charCodeAt(i - 1) !== step) return false;
  return true;
}

/** A keyboard run such as 'qwertyui' or 'asdfghjk', forwards or backwards. */
function isKeyboardRun(text: string, shortest = 6): boolean {
  if (text.length < shortest) return false;
  const reversed = [...text].reverse().join('');
  return KEYBOARD_ROWS.some((row) => row.includes(text) || row.includes(reversed));
}

function isGuessable(password: string, email?: string): boolean {
  const lower = password.toLowerCase();
  const word = core(password);
  if (COMMON_WORDS.includes(word) || COMMON_WORDS.includes(lower)) return true;
  // One short unit repeated: 'aaaaaaaa', 'abababab', 'abc1abc1'.
  if (/^(.{1,4})\1+$/.test(lower) || /^(.{1,4})\1+$/.test(word)) return true;
  // Mostly one character: half or more of it the same.
  const counts = new Map<string, number>();
  for (const ch of lower) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  if (Math.max(...counts.values()) * 2 >= lower.length) return true;
  const compact = lower.replace(/[^a-z0-9]/g, '');
  if (isSequence(compact) || isKeyboardRun(compact) || isKeyboardRun(word)) return true;
  // Made only of such runs: 'abcd1234', 'qwer1234', 'zzz999'.
  const runs = compact.match(/[a-z]+|[0-9]+/g) ?? [];
  const trivial = (run: string) => isSequence(run, 3) || isKeyboardRun(run, 3) || /^(.)\1+$/.test(run);
  if (runs.length > 0 && runs.every((run) => run.length >= 3 && trivial(run))) return true;
  // Digits only (a date, a phone number) are in every dictionary attack.
  if (/^[0-9]+$/.test(compact)) return true;
  const local =
    email
      ?.split('@')[0]
      ?.toLowerCase()
      .replace(/[^a-z0-9]/g, '') ?? '';
  if (local.length >= 4 && compact.includes(local)) return true;
  return false;
}

/** GoTrue's reasons why the password is refused; empty when it passes. */
export function passwordProblems(
  password: string,
  email?: string,
  policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY,
): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if ([...password].length < policy.minLength) problems.push('length');
  if (policy.requiredCharacters.some((set) => set !== '' && ![...password].some((ch) => set.includes(ch)))) {
    problems.push('characters');
  }
  if (password !== '' && isGuessable(password, email)) problems.push('pwned');
  return problems;
}

/** GoTrue's message for the reasons, sentences joined by a space, as its weak_password error says it. */
export function passwordProblemMessage(
  problems: readonly PasswordProblem[],
  policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY,
): string {
  return problems
    .map((problem) =>
      problem === 'length'
        ? `Password should be at least ${policy.minLength} characters.`
        : problem === 'characters'
          ? `Password should contain at least one character of each: ${policy.requiredCharacters.join(', ')}.`
          : 'Password is known to be weak and easy to guess, please choose a different one.',
    )
    .join(' ');
}
