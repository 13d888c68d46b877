import { Dropdown, Field, Option } from '@fluentui/react-components';
import { useEffect } from 'react';
import { useCurrentUser } from '../query/currentUser';
import { type TeamPublic, useMyTeams } from '../query/teams';

/** The role a kind of thing needs to be created in a team: an alert a responder, anything else an admin. */
export type CreatorRole = 'admin' | 'responder';

/**
 * The teams the signed-in user may create in (docs/api/teams.md): where they hold `need` (an admin
 * holds a responder's rights); a superuser may create in every team. Undefined while unknown.
 */
export function useCreatableTeams(need: CreatorRole = 'admin'): TeamPublic[] | undefined {
  const { data: me } = useCurrentUser();
  const { data: teams } = useMyTeams();
  if (!me || !teams) return undefined;
  if (me.is_superuser) return teams.data;
  return teams.data.filter((team) => team.my_role === 'admin' || (need === 'responder' && team.my_role === 'responder'));
}

export interface TeamPickerProps {
  /** The chosen team's id ('' before one is chosen). */
  value: string;
  onChange: (teamId: string) => void;
  need?: CreatorRole;
  /** The team to start with when it is one of the choices (the list's `?team=` filter). */
  preferred?: string;
}

/**
 * "Team" in a create dialog, shown only when there is a choice: with one team (or none yet) the
 * API takes the caller's only team, or makes their own, so `team_id` is left out. With several,
 * one is always chosen (the preferred, else the first by name): the API would refuse none with a 422.
 */
export function TeamPicker({ value, onChange, need = 'admin', preferred }: TeamPickerProps) {
  const teams = useCreatableTeams(need);
  const choices = teams && teams.length > 1 ? teams : null;
  const known = choices?.some((team) => team.id === value) ?? false;
  useEffect(() => {
    if (!choices || known) return;
    onChange(choices.find((team) => team.id === preferred)?.id ?? choices[0]?.id ?? '');
  }, [choices, known, preferred, onChange]);
  if (!choices) return null;
  const current = choices.find((team) => team.id === value);
  return (
    <Field label="Team" hint="The team that will own it: its members see it, its admins change it.">
      {/* Inside the dialog's own tree: a modal dialog hides what is outside it (a portal) from assistive technology. */}
      <Dropdown
        inlinePopup
        value={current?.name ?? ''}
        selectedOptions={value ? [value] : []}
        onOptionSelect={(_, data) => data.optionValue && onChange(data.optionValue)}
      >
        {choices.map((team) => (
          <Option key={team.id} value={team.id}>
            {team.name}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}
