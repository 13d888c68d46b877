import { Combobox, Option } from '@fluentui/react-components';
import { personLabel, type UserDirectoryEntry, useDirectorySearch } from '@vigil/shared';
import { createContext, useContext, useEffect, useRef, useState } from 'react';

/** The option that reads the next page instead of picking someone. */
const MORE = '__more__';
const SEARCH_DELAY_MS = 250;

/** An option's text: the name, and beside it the email when the directory answered one (a superuser's). */
const optionText = (user: UserDirectoryEntry) => (user.full_name && user.email ? `${user.full_name} (${user.email})` : personLabel(user));

/**
 * The team whose members a picker lists: a policy's levels, a rotation and an override hold
 * members of their thing's team only (docs/api/teams.md). Unset (''): the caller's teams' people.
 */
export const PickerTeam = createContext('');

/** `value`, once it has not changed for `ms`: a search per pause in typing, not per key. */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Picks an active user from the directory (GET /users/directory; the members of the
 * `PickerTeam` given above it): typing searches by name (a
 * superuser's search also matches emails); the list holds 20 at a time and "Show more people"
 * reads the next 20, so everyone can be reached. While not typing the field shows `value`: the
 * pick's name, or '' for a field that adds people to a list.
 */
export function PersonPicker({
  label,
  placeholder,
  value,
  inlinePopup,
  onPick,
}: {
  label: string;
  placeholder: string;
  value: string;
  /** Inside a dialog's own tree (not a portal): a modal dialog hides everything outside it from assistive technology. */
  inlinePopup?: boolean;
  onPick: (user: UserDirectoryEntry) => void;
}) {
  const [typed, setTyped] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  // "Show more" is an option: picking it would close the list, which is kept open instead.
  const keepOpen = useRef(false);
  const search = useDirectorySearch(useSettled(typed ?? '', SEARCH_DELAY_MS), { enabled: open, teamId: useContext(PickerTeam) });
  const people = search.data?.pages.flatMap((page) => page.data) ?? [];
  const total = search.data?.pages.at(-1)?.count ?? 0;

  return (
    <Combobox
      aria-label={label}
      placeholder={placeholder}
      freeform
      inlinePopup={inlinePopup}
      open={open}
      value={typed ?? value}
      selectedOptions={[]}
      onOpenChange={(_, data) => {
        if (!data.open && keepOpen.current) {
          keepOpen.current = false;
          return;
        }
        setOpen(data.open);
        if (!data.open) setTyped(null);
      }}
      onChange={(event) => {
        setTyped(event.target.value);
        setOpen(true);
      }}
      onOptionSelect={(_, data) => {
        if (data.optionValue === MORE) {
          keepOpen.current = true;
          void search.fetchNextPage();
          return;
        }
        const picked = people.find((user) => user.id === data.optionValue);
        if (picked) onPick(picked);
        setTyped(null);
      }}
    >
      {people.map((user) => (
        <Option key={user.id} value={user.id} text={personLabel(user)}>
          {optionText(user)}
        </Option>
      ))}
      {search.hasNextPage && (
        <Option value={MORE} text="Show more people">
          {`Show more people (${people.length} of ${total})`}
        </Option>
      )}
      {search.data && people.length === 0 && (
        <Option value="" text="" disabled>
          No one matches
        </Option>
      )}
    </Combobox>
  );
}
