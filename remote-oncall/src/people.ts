import { tokens } from '@fluentui/react-components';
import { useCanManageTeamOf } from '@vigil/shared';

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

/** Whether the signed-in user may change what `teamId` owns: an admin of that team, or a superuser (docs/api/teams.md). */
export function useCanEdit(teamId: string | undefined): boolean {
  return useCanManageTeamOf()(teamId);
}

/** useCanEdit for many rows at once. */
export const useCanEditOf = useCanManageTeamOf;
