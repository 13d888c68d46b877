import { makeStyles, mergeClasses, Tab, TabList, tokens } from '@fluentui/react-components';
import { useCurrentUser, useTabStripStyles } from '@vigil/shared';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { AuditLogSection } from '../auditLog/AuditLogSection';
import { ProvidersSection } from '../providers/ProvidersSection';
import { GroupRulesSection } from '../sso/GroupRulesSection';
import { UsersSection } from '../users/UsersSection';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
});

/** The sections of Admin, each a tab and a path under /admin. */
const SECTIONS = [
  { value: 'users', label: 'Users', path: '' },
  { value: 'audit-log', label: 'Audit log', path: 'audit-log' },
  { value: 'sso', label: 'Single sign-on', path: 'sso' },
  { value: 'providers', label: 'Notification providers', path: 'providers' },
] as const;

/** /admin (users and settings), /admin/audit-log, /admin/sso (group rules) and /admin/providers, for superusers. */
export default function AdminPage() {
  const styles = useStyles();
  const strip = useTabStripStyles();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const me = useCurrentUser();
  const below = pathname.replace(/^\/admin\/?/, '');
  const selected = SECTIONS.find((s) => s.path && below.startsWith(s.path))?.value ?? 'users';

  // Spec §6 / contract: an ordinary user who opens /admin is sent to /.
  if (me.data && !me.data.is_superuser) return <Navigate to="/" replace />;

  return (
    <div className={styles.root}>
      <TabList
        className={mergeClasses(strip.list)}
        selectedValue={selected}
        onTabSelect={(_, data) => navigate(`/admin/${SECTIONS.find((s) => s.value === data.value)?.path ?? ''}`)}
        aria-label="Admin sections"
      >
        {SECTIONS.map((s) => (
          <Tab key={s.value} value={s.value} className={strip.tab}>
            {s.label}
          </Tab>
        ))}
      </TabList>
      <Routes>
        <Route path="audit-log" element={me.data?.is_superuser ? <AuditLogSection /> : null} />
        <Route path="sso" element={me.data?.is_superuser ? <GroupRulesSection /> : null} />
        <Route path="providers" element={me.data?.is_superuser ? <ProvidersSection /> : null} />
        <Route path="*" element={<UsersSection />} />
      </Routes>
    </div>
  );
}
