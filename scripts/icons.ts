/**
 * `npm run icons`: writes src/assets/icons.svg, the icon sprite
 * (docs/decisions/0028-shared-stylesheet-and-icon-sprite.md): one `<symbol id="name">` per name of
 * ICON_NAMES (src/shared/icon-names.ts), drawn from Lucide's icon data as lucide-react ships it
 * (an alias, such as `alert-triangle`, is followed to the icon it names). The drawing attributes
 * Lucide puts on every icon (no fill, a 2 px round stroke in the text colour) are not in the file:
 * the `icon` rule of src/styles/theme.css sets them, below any utility class.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { ICON_NAMES } from '../src/shared/icon-names.ts';

/** Where the sprite is, from the repository's root. */
export const SPRITE_PATH = 'src/assets/icons.svg';

type IconNode = [string, Record<string, string | number>][];

const require = createRequire(import.meta.url);

/**
 * Lucide's drawing of an icon: its elements and their attributes.
 * @throws when lucide-react has no icon of that name
 */
async function iconNode(name: string): Promise<IconNode> {
  let file = require.resolve(`lucide-react/icons/${name}`);
  // An alias's module only re-exports the icon it names.
  for (let hop = 0; hop < 3; hop++) {
    const alias = /export \{ default \} from '\.\/([\w-]+\.mjs)'/.exec(await readFile(file, 'utf8'));
    if (!alias?.[1]) break;
    file = require.resolve(`lucide-react/icons/${alias[1].replace(/\.mjs$/, '')}`);
  }
  const module = (await import(pathToFileURL(file).href)) as { __iconData?: { node: IconNode } };
  if (!module.__iconData) throw new Error(`lucide-react has no icon named '${name}'`);
  return module.__iconData.node;
}

const escape = (value: string) => value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('"', '&quot;');

/**
 * The sprite's text for `names`: one line per symbol, in the order given.
 * @throws when a name is not a Lucide icon
 */
export async function spriteMarkup(names: readonly string[]): Promise<string> {
  const symbols = await Promise.all(
    names.map(async (name) => {
      const elements = (await iconNode(name)).map(([tag, attributes]) => {
        const written = Object.entries(attributes)
          .filter(([attribute]) => attribute !== 'key')
          .map(([attribute, value]) => ` ${attribute}="${escape(String(value))}"`)
          .join('');
        return `<${tag}${written}/>`;
      });
      return `<symbol id="${name}" viewBox="0 0 24 24">${elements.join('')}</symbol>`;
    }),
  );
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join('\n')}\n</svg>\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await writeFile(SPRITE_PATH, await spriteMarkup(ICON_NAMES));
  console.log(`${SPRITE_PATH}: ${ICON_NAMES.length} icons`);
}
