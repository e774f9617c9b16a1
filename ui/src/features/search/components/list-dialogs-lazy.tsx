'use client';
import dynamic from 'next/dynamic';

/**
 * The list's dialogs, loaded after the page is interactive: they open only on a click or an
 * address hash, so their code need not be downloaded and run before the list first paints.
 */
export const LazyListDialogs = dynamic(() => import('./list-dialogs').then((module) => module.ListDialogs), { ssr: false });
