import { createContext, useContext } from 'react';
import type { Place } from '@ats/contracts';

/**
 * The presence place a board's cards report to (drag, open card) and read from: `board` on the
 * pipeline page, `job:<id>` on a job's own board, where the page has joined that place.
 */
export const BoardPlaceContext = createContext<Place>('board');

export const useBoardPlace = (): Place => useContext(BoardPlaceContext);
