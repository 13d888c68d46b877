import { Dropdown, Field, makeStyles, mergeClasses, Option } from '@fluentui/react-components';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useCurrentUser } from '../query/currentUser';
import { useMyTeams } from '../query/teams';

export const ALL_MY_TEAMS = 'All my teams';
/** A superuser's lists hold every team's things. */
export const ALL_TEAMS = 'All teams';
const ALL = '';

const useStyles = makeStyles({
  field: { flex: '0 1 240px', minWidth: '160px' },
  dropdown: { minWidth: 0, width: '100%' },
});

/** Anything but an id's characters is no team: the filter is dropped rather than sent. */
const TEAM_ID = /^[0-9a-f-]{36}$/i;

/** `?team=<id>` of a list's URL: undefined for all the caller's teams. */
export function parseTeamFilter(params: URLSearchParams): string | undefined {
  const team = params.get('team')?.trim() ?? '';
  return TEAM_ID.test(team) ? team.toLowerCase() : undefined;
}

/** A copy of `params` with `team` (none: removed) and without `page`: the old page means nothing in another list. */
export function withTeamFilter(params: URLSearchParams, teamId: string | undefined): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('team');
  next.delete('page');
  if (teamId) next.set('team', teamId);
  return next;
}

/** The list's team filter, kept in the URL (`?team=`) as the other filters are: shareable, reloadable. */
export function useTeamFilterParam() {
  const [searchParams, setSearchParams] = useSearchParams();
  const teamId = parseTeamFilter(searchParams);
  const setTeamId = useCallback(
    (next: string | undefined) => setSearchParams((current) => withTeamFilter(current, next)),
    [setSearchParams],
  );
  return { teamId, setTeamId };
}

/**
 * "Team: All my teams / <each team>" above a list, shown when there is something to narrow: the
 * user is in more than one team, or is a superuser (who sees every team's).
 */
export function TeamFilter({
  teamId,
  onChange,
  className,
}: {
  teamId: string | undefined;
  onChange: (teamId: string | undefined) => void;
  className?: string;
}) {
  const styles = useStyles();
  const { data: me } = useCurrentUser();
  const { data: teams } = useMyTeams();
  const rows = teams?.data ?? [];
  if (!me || !(rows.length > 1 || me.is_superuser)) return null;
  const all = me.is_superuser ? ALL_TEAMS : ALL_MY_TEAMS;
  const current = rows.find((team) => team.id === teamId);
  return (
    <Field label="Team" className={mergeClasses(styles.field, className)}>
      <Dropdown
        className={styles.dropdown}
        value={current?.name ?? all}
        selectedOptions={[current?.id ?? ALL]}
        onOptionSelect={(_, data) => onChange(data.optionValue || undefined)}
      >
        <Option value={ALL}>{all}</Option>
        {rows.map((team) => (
          <Option key={team.id} value={team.id}>
            {team.name}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}
