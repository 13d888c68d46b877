import {
  Avatar,
  Button,
  Menu,
  MenuDivider,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ChevronDownRegular, InfoRegular, PersonRegular, SignOutRegular } from '@fluentui/react-icons';
import { useCurrentUser } from '@vigil/shared';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLogout } from '../session/useLogout';

// Loaded when first opened: the dialog and table code stay out of the layout's chunk.
const AboutDialog = lazy(() => import('./AboutDialog'));

const useStyles = makeStyles({
  trigger: { maxWidth: '220px', minWidth: 0, gap: tokens.spacingHorizontalS, paddingInline: tokens.spacingHorizontalS },
  name: {
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    fontWeight: tokens.fontWeightSemibold,
    // On a phone the hamburger, logo and this menu share 360 px.
    '@media (max-width: 479px)': { maxWidth: '110px' },
  },
});

/** Spec §2: labelled with the user's full name ('User' when empty); My Profile and Log Out, and About (versions). */
export function UserMenu() {
  const styles = useStyles();
  const navigate = useNavigate();
  const logout = useLogout();
  const { data: user } = useCurrentUser();
  const label = user?.full_name?.trim() || 'User';
  const [aboutOpen, setAboutOpen] = useState(false);
  // Mounted from its first opening on, so closing it animates.
  const [aboutMounted, setAboutMounted] = useState(false);
  return (
    <>
      <Menu positioning={{ position: 'below', align: 'end' }}>
        <MenuTrigger disableButtonEnhancement>
          <Button
            appearance="subtle"
            className={styles.trigger}
            icon={<Avatar name={user?.full_name || undefined} icon={<PersonRegular />} color="colorful" size={28} aria-hidden />}
            iconPosition="before"
          >
            <span className={styles.name}>{label}</span>
            <ChevronDownRegular aria-hidden />
          </Button>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuItem icon={<PersonRegular />} onClick={() => navigate('/settings')}>
              My Profile
            </MenuItem>
            <MenuItem
              icon={<InfoRegular />}
              onClick={() => {
                setAboutMounted(true);
                setAboutOpen(true);
              }}
            >
              About Vigil
            </MenuItem>
            <MenuDivider />
            <MenuItem icon={<SignOutRegular />} onClick={logout}>
              Log Out
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
      {aboutMounted && (
        <Suspense fallback={null}>
          <AboutDialog open={aboutOpen} onClose={() => setAboutOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
