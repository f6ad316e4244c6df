/**
 * Joins class names, skipping falsy ones (clsx). Unlike shadcn's `cn` it does not resolve
 * Tailwind conflicts: tailwind-merge would add about 8 KB of compressed JavaScript to every page
 * with an island, so components take variant props instead of overriding classes.
 */
export { clsx as cn } from 'clsx';
