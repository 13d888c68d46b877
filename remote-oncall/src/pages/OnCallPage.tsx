import { makeStyles, mergeClasses, Tab, TabList, tokens } from '@fluentui/react-components';
import { PageHeader, useTabStripStyles } from '@vigil/shared';
import { Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { MyShifts } from '../components/MyShifts';
import { SchedulesList } from '../components/SchedulesList';
import { ContactMethodsPage } from '../contactMethods/ContactMethodsPage';
import { PoliciesList } from '../policies/PoliciesList';
import { ScheduleDetail } from '../schedule/ScheduleDetail';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  tabs: { marginTop: `calc(-1 * ${tokens.spacingVerticalS})` },
});

/** The sections of On call, each a tab and a path under /oncall. */
const SECTIONS = [
  { value: 'schedules', label: 'Schedules', path: '' },
  { value: 'my-shifts', label: 'My shifts', path: 'my-shifts' },
  { value: 'policies', label: 'Escalation policies', path: 'policies' },
  { value: 'contact-methods', label: 'Contact methods', path: 'contact-methods' },
] as const;

/**
 * /oncall (schedules, who is on call), /oncall/schedules/:id (one schedule), /oncall/my-shifts,
 * /oncall/policies (escalation policies; /oncall/policies/:id marks one and opens its editor),
 * /oncall/contact-methods (the user's own, and their rules).
 */
export default function OnCallPage() {
  const styles = useStyles();
  const strip = useTabStripStyles();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // The path below /oncall: '' for schedules and a schedule's page, 'my-shifts'.
  const below = pathname.replace(/^\/oncall\/?/, '');
  const selected = SECTIONS.find((s) => s.path && below.startsWith(s.path))?.value ?? 'schedules';
  return (
    <div className={styles.root}>
      <PageHeader
        title="On call"
        description="Who is on call, their schedules and rotations, escalation policies, and how you are reached."
      />
      <TabList
        className={mergeClasses(styles.tabs, strip.list)}
        selectedValue={selected}
        onTabSelect={(_, data) => navigate(`/oncall/${SECTIONS.find((s) => s.value === data.value)?.path ?? ''}`)}
        aria-label="On call sections"
      >
        {SECTIONS.map((s) => (
          <Tab key={s.value} value={s.value} className={strip.tab}>
            {s.label}
          </Tab>
        ))}
      </TabList>
      <Routes>
        <Route index element={<SchedulesList />} />
        <Route path="schedules/:scheduleId" element={<ScheduleDetail />} />
        <Route path="my-shifts" element={<MyShifts />} />
        <Route path="policies" element={<PoliciesList />} />
        <Route path="policies/:policyId" element={<PoliciesList />} />
        <Route path="contact-methods" element={<ContactMethodsPage />} />
        <Route path="*" element={<SchedulesList />} />
      </Routes>
    </div>
  );
}
