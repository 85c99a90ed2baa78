/**
 * What the CMS command editor offers as you type: the common content and configuration
 * subcommands (plugins, themes, posts, pages, options, menus, users, caches), each with a short
 * line of documentation. Pure data and a lookup; the Monaco side is cms-monaco.ts.
 */

export interface CmsSuggestion {
  word: string;
  doc: string;
  /** A snippet-free example of the whole command, shown as detail. */
  example?: string;
}

type Tree = Record<string, { doc: string; sub?: Record<string, string>; examples?: Record<string, string> }>;

const POST_SUB = {
  list: 'List items (--post_type, --post_status, --format=json).',
  get: 'Show one item by id (--field=post_title).',
  create: 'Create an item (--post_title, --post_content, --post_status=publish).',
  update: 'Change fields of an item by id (--post_title=…).',
  delete: 'Move an item to the trash by id (--force deletes it).',
};

export const CMS_COMMANDS: Tree = {
  plugin: {
    doc: 'Plugins already in the repository: list, activate, deactivate. Installing is refused (commit plugins to the repository).',
    sub: {
      list: 'List plugins with their status and version.',
      activate: 'Activate a plugin that is in the repository (--all for every one).',
      deactivate: 'Deactivate a plugin (--all for every one).',
      status: 'Show the status of one plugin or of all.',
      get: 'Show details of one plugin.',
      'is-active': 'Exit code 0 when the plugin is active.',
      toggle: 'Activate a plugin if inactive, deactivate it if active.',
    },
  },
  theme: {
    doc: 'Themes already in the repository: list, activate. Installing is refused (commit themes to the repository).',
    sub: {
      list: 'List themes with their status.',
      activate: 'Make a theme in the repository the active one.',
      status: 'Show the status of one theme or of all.',
      get: 'Show details of one theme.',
      'is-active': 'Exit code 0 when the theme is active.',
    },
  },
  post: { doc: 'Posts: list, get, create, update, delete.', sub: POST_SUB },
  page: { doc: 'Pages, which are posts of type page (same as post … --post_type=page).', sub: POST_SUB },
  option: {
    doc: 'Site options (blogname, blogdescription, permalink_structure…).',
    sub: {
      get: 'Print the value of an option.',
      update: 'Set an option to a value.',
      list: 'List options (--search=blog*).',
      add: 'Add an option that does not exist yet.',
      delete: 'Delete an option.',
    },
  },
  menu: {
    doc: 'Navigation menus and their items.',
    sub: {
      list: 'List menus.',
      create: 'Create a menu by name.',
      delete: 'Delete a menu.',
      'item add-post': 'Add a post or page to a menu: menu item add-post <menu> <post-id>.',
      'item add-custom': 'Add a custom link: menu item add-custom <menu> <title> <url>.',
      'item list': 'List the items of a menu.',
      'location list': 'List the theme’s menu locations.',
      'location assign': 'Assign a menu to a location.',
    },
  },
  user: {
    doc: 'Site users.',
    sub: { list: 'List users (--role=administrator).', get: 'Show one user.' },
  },
  cache: { doc: 'The object cache.', sub: { flush: 'Flush the object cache.' } },
  rewrite: { doc: 'Permalink rewrite rules.', sub: { flush: 'Regenerate the rewrite rules.' } },
};

/** Common flags after a subcommand; `page` is a post type, so post's flags offer it. */
const POST_FLAGS: Record<string, string> = {
  '--post_type=page': 'Pages are posts of type page.',
  '--post_status=publish': 'publish, draft, pending or private.',
  '--post_title=': 'The title (quote it when it has spaces).',
  '--post_content=': 'The body (quote it).',
  '--format=json': 'Output as JSON (also table, csv, ids, count).',
};
const FLAGS: Record<string, Record<string, string>> = {
  'post list': POST_FLAGS,
  'post create': POST_FLAGS,
  'post update': POST_FLAGS,
  'post get': { '--field=post_title': 'Print one field only.', '--format=json': 'Output as JSON.' },
  'post delete': { '--force': 'Delete for good instead of moving to the trash.' },
  'plugin list': { '--status=active': 'Only active (or inactive) plugins.', '--format=json': 'Output as JSON.' },
  'plugin activate': { '--all': 'Every plugin in the repository.' },
  'plugin deactivate': { '--all': 'Every active plugin.' },
  'theme list': { '--status=active': 'Only the active theme.', '--format=json': 'Output as JSON.' },
  'option list': { '--search=': 'Options whose name matches, e.g. blog*.', '--format=json': 'Output as JSON.' },
  'option get': { '--format=json': 'Output as JSON.' },
  'user list': { '--role=administrator': 'Only users with this role.', '--format=json': 'Output as JSON.' },
  'menu list': { '--format=json': 'Output as JSON.' },
};

/** A group's subcommands (page shares post's). */
function subsOf(group: string): Record<string, string> | undefined {
  return CMS_COMMANDS[group]?.sub;
}

/**
 * Suggestions for the word being typed, given the words before it on the line (`wp` already
 * dropped). Only the first two or three positions are known; later words get none.
 */
export function suggest(before: readonly string[]): CmsSuggestion[] {
  const pos = before.filter((w) => !w.startsWith('-'));
  if (pos.length === 0) return Object.entries(CMS_COMMANDS).map(([word, v]) => ({ word, doc: v.doc }));
  const subs = subsOf(pos[0]!);
  if (!subs) return [];
  const path = pos.slice(1).join(' ');
  const flags = FLAGS[`${pos[0] === 'page' ? 'post' : pos[0]} ${pos[1]}`];
  if (pos.length >= 2 && flags) {
    const given = new Set(before.map((w) => w.replace(/=.*$/, '=')));
    return Object.entries(flags)
      .filter(([f]) => !given.has(f.replace(/=.*$/, '=')))
      .map(([word, doc]) => ({ word, doc, example: [...before, word].join(' ') }));
  }
  const out: CmsSuggestion[] = [];
  for (const [name, doc] of Object.entries(subs)) {
    const parts = name.split(' ');
    // `menu item add-post`: offer `item` first, then `add-post` after it.
    if (path === '' && !out.some((s) => s.word === parts[0]))
      out.push({ word: parts[0]!, doc: parts.length > 1 ? `${pos[0]} ${parts[0]} …` : doc });
    else if (parts.length > 1 && path === parts.slice(0, -1).join(' ')) out.push({ word: parts.at(-1)!, doc });
  }
  return out.map((s) => ({ ...s, example: [...pos, s.word].join(' ') }));
}
