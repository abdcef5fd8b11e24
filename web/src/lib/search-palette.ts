import { atom } from 'jotai';

/**
 * The global search palette's state, shared so any screen (the dashboard's header box) can open
 * it without importing the search feature: `query` is the text it opens with.
 */
export const searchPaletteAtom = atom<{ open: boolean; query: string }>({ open: false, query: '' });
