import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, OpenRegular, PeopleTeamRegular } from '@fluentui/react-icons';
import {
  type DataColumn,
  DataTable,
  EmptyState,
  errorText,
  PageHeader,
  TEAM_ROLE_LABELS,
  type TeamPublic,
  useMyTeams,
} from '@vigil/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { RouteLink } from '../components/RouteLink';
import { CreateTeamDialog } from './TeamDialogs';

export const NO_TEAMS = "You aren't in any team yet";
/** A superuser sees every team, with no role in those they are not in. */
export const NOT_A_MEMBER = 'Not a member';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  table: { minWidth: '480px' },
  name: { fontWeight: tokens.fontWeightSemibold },
});

const membersText = (count: number) => (count === 1 ? '1 member' : `${count} members`);

/** /teams: the caller's teams (a superuser's: every team), by name, with their role and the member count; "New team". */
export function TeamsList() {
  const styles = useStyles();
  const navigate = useNavigate();
  const teams = useMyTeams();
  const [creating, setCreating] = useState(false);
  const rows = teams.data?.data;
  const columns: DataColumn<TeamPublic>[] = [
    {
      header: 'Name',
      cellClassName: styles.name,
      cell: (team) => <RouteLink to={`/teams/${team.id}`}>{team.name}</RouteLink>,
      skeletonWidth: 180,
    },
    { header: 'My role', cell: (team) => (team.my_role ? TEAM_ROLE_LABELS[team.my_role] : NOT_A_MEMBER), skeletonWidth: 80 },
    { header: 'Members', cell: (team) => membersText(team.member_count), skeletonWidth: 80 },
  ];
  const newTeam = (
    <Button appearance="primary" icon={<AddRegular />} onClick={() => setCreating(true)}>
      New team
    </Button>
  );
  return (
    <div className={styles.root}>
      <PageHeader
        title="Teams"
        description="The teams you are in: each owns its integrations, escalation policies, schedules and alerts."
        actions={newTeam}
      />
      {teams.isError && !teams.data ? (
        <MessageBar intent="error">
          <MessageBarBody>
            <MessageBarTitle>Teams could not be loaded</MessageBarTitle>
            {errorText(teams.error)}
          </MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => teams.refetch()}>Retry</Button>
          </MessageBarActions>
        </MessageBar>
      ) : rows?.length === 0 ? (
        <EmptyState
          title={NO_TEAMS}
          icon={<PeopleTeamRegular />}
          description="Create a team, or ask a team's admin for an invitation."
          action={newTeam}
        />
      ) : (
        <DataTable
          label="Teams"
          rows={rows}
          skeletonRows={3}
          columns={columns}
          className={styles.table}
          rowTestId="team-row"
          rowActions={(team) => ({
            label: `Actions for team ${team.name}`,
            actions: [{ label: 'Open team', icon: <OpenRegular />, onClick: () => navigate(`/teams/${team.id}`) }],
          })}
        />
      )}
      <CreateTeamDialog open={creating} onClose={() => setCreating(false)} onSaved={(team) => navigate(`/teams/${team.id}`)} />
    </div>
  );
}
