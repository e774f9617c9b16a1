/**
 * When the skill search of the offer form says "nothing found": only about a keyword someone typed,
 * once the dictionary answered for that very keyword, and when no suggestion is left to show (the
 * ones already chosen are hidden) and the typed name is not offered as a new skill either. An empty
 * box, or an answer still on its way, says nothing.
 */
export function showsNothingFound(search: { typed: string; answeredFor: string | null; listed: number; offersTyped: boolean }): boolean {
  const typed = search.typed.trim();
  return typed !== '' && search.answeredFor === typed && search.listed === 0 && !search.offersTyped;
}
