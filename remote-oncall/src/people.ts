import { tokens } from '@fluentui/react-components';
import { useCurrentUser, useUserDirectory } from '@vigil/shared';
import { useMemo } from 'react';

/** The colours people get on a timeline: Fluent's persona palette (each has a text colour that reads on it). */
export const PALETTE = [
  {
    background: tokens.colorPaletteBlueBackground2,
    foreground: tokens.colorPaletteBlueForeground2,
    border: tokens.colorPaletteBlueBorderActive,
  },
  {
    background: tokens.colorPaletteGrapeBackground2,
    foreground: tokens.colorPaletteGrapeForeground2,
    border: tokens.colorPaletteGrapeBorderActive,
  },
  {
    background: tokens.colorPaletteForestBackground2,
    foreground: tokens.colorPaletteForestForeground2,
    border: tokens.colorPaletteForestBorderActive,
  },
  {
    background: tokens.colorPalettePumpkinBackground2,
    foreground: tokens.colorPalettePumpkinForeground2,
    border: tokens.colorPalettePumpkinBorderActive,
  },
  {
    background: tokens.colorPaletteTealBackground2,
    foreground: tokens.colorPaletteTealForeground2,
    border: tokens.colorPaletteTealBorderActive,
  },
  {
    background: tokens.colorPaletteCranberryBackground2,
    foreground: tokens.colorPaletteCranberryForeground2,
    border: tokens.colorPaletteCranberryBorderActive,
  },
  {
    background: tokens.colorPaletteGoldBackground2,
    foreground: tokens.colorPaletteGoldForeground2,
    border: tokens.colorPaletteGoldBorderActive,
  },
  {
    background: tokens.colorPaletteLavenderBackground2,
    foreground: tokens.colorPaletteLavenderForeground2,
    border: tokens.colorPaletteLavenderBorderActive,
  },
] as const;

/** id → the name shown (the full name, else the email); an id not in the directory shows "Unknown user". */
export function usePeople() {
  const directory = useUserDirectory();
  return useMemo(() => {
    const byId = new Map((directory.data?.data ?? []).map((u) => [u.id, u]));
    const nameOf = (id: string) => {
      const user = byId.get(id);
      return user ? user.full_name || user.email : 'Unknown user';
    };
    return { users: directory.data?.data ?? [], nameOf, loading: directory.isPending };
  }, [directory.data, directory.isPending]);
}

/** Whether the signed-in user may change a schedule: its owner, or a superuser (docs/oncall.md). */
export function useCanEdit(ownerId: string | undefined): boolean {
  return useCanEditOf()(ownerId);
}

/** useCanEdit for many rows at once: whether the signed-in user may change what `ownerId` owns. */
export function useCanEditOf(): (ownerId: string | undefined) => boolean {
  const { data: me } = useCurrentUser();
  return (ownerId) => Boolean(me && ownerId && (me.is_superuser || me.id === ownerId));
}
