'use client';
/**
 * The board's tile provider (`[tenants.map]`, from the board list) for every map below the root
 * layout: `MapCanvas` loads its style instead of the offline basemap and adds its credit.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { BoardMap } from '@/lib/boards';

const BoardMapContext = createContext<BoardMap | null>(null);

export function BoardMapProvider({ map, children }: { map: BoardMap | null; children: ReactNode }) {
  return <BoardMapContext.Provider value={map}>{children}</BoardMapContext.Provider>;
}

/** The board's tile provider; null: the offline basemap (or the build's style). */
export function useBoardMap(): BoardMap | null {
  return useContext(BoardMapContext);
}
