// @vitest-environment jsdom
import { Input } from '@fluentui/react-components';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCreateIntegration } from '../query/integrationIngest';
import { type FakeAnswer, type FakeApi, fakeApi } from '../testing/fakeApi';
import { INTEGRATION_TEXT_LIMITS, type TitleDescriptionValues, titleDescriptionRules } from '../validation/titleDescription';
import type { ServerErrors } from '../validation/useValidatedForm';
import { CreateDialog } from './CreateDialog';
import { MutationFormDialog } from './MutationFormDialog';
import { TitleDescriptionFields } from './TitleDescriptionFields';

/** Answers go through react-query and the fake server: more than the default second on a loaded machine. */
const WAIT = { timeout: 10_000 };

const CREATED = { id: 'b9f3c1de-2a4b-4c6d-8e0f-1a2b3c4d5e6f', title: 'Prometheus', description: null, ingest_url: 'https://vigil.test/x' };
const RULES = titleDescriptionRules(INTEGRATION_TEXT_LIMITS);
const toBody = (values: TitleDescriptionValues) => ({ title: values.title.trim(), description: values.description.trim() || null });
/** A 422's items by field, as a remote's `fieldErrors` places them. */
const byField = (error: Error): ServerErrors => {
  const detail = (error as { body?: { detail?: unknown } }).body?.detail;
  return Array.isArray(detail) ? Object.fromEntries(detail.map((item) => [item.loc.at(-1), item.msg])) : {};
};

let answer: FakeAnswer;
let api: FakeApi;
beforeEach(() => {
  answer = { status: 201, body: CREATED };
  api = fakeApi((request) => (request.path === '/api/v1/integration/' ? answer : undefined));
});
afterEach(cleanup);

/** A field with state of its own: it starts empty each time the dialog's fields are mounted. */
function Note() {
  const [note, setNote] = useState('');
  return <Input aria-label="Note" value={note} onChange={(_, d) => setNote(d.value)} />;
}

/** The dialog as a page uses it: opened by a button; each opening's values start from the opening's number. */
function Page({ onSaved, placeErrors }: { onSaved?: (created: unknown) => void; placeErrors?: (error: Error) => ServerErrors }) {
  const [open, setOpen] = useState(false);
  const [openings, setOpenings] = useState(0);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpen(true);
          setOpenings((n) => n + 1);
        }}
      >
        Open
      </button>
      <MutationFormDialog
        open={open}
        title="New integration"
        initial={{ title: `Draft ${openings}`, description: '' }}
        rules={RULES}
        mutation={useCreateIntegration()}
        toVariables={toBody}
        successText="Integration created successfully."
        onSaved={onSaved}
        placeErrors={placeErrors}
        onClose={() => setOpen(false)}
      >
        {(form) => (
          <>
            <TitleDescriptionFields form={form} limits={INTEGRATION_TEXT_LIMITS} titlePlaceholder="Prometheus production" />
            <Note />
          </>
        )}
      </MutationFormDialog>
    </>
  );
}

const click = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })));
const title = () => screen.getByLabelText(/^Title/, { selector: 'input' }) as HTMLInputElement;
const message = (text: string) => screen.queryByText(text, { selector: '.fui-Field__validationMessage' });

describe('MutationFormDialog', () => {
  it('validates on Save, sends the values as the mutation takes them, then says so, closes and hands the answer on', async () => {
    const onSaved = vi.fn();
    api.render(<Page onSaved={onSaved} />);
    await click('Open');
    fireEvent.change(title(), { target: { value: '   ' } });
    await click('Save');
    expect(message('Title is required')).toBeTruthy();
    expect(api.sent).toEqual([]);

    fireEvent.change(title(), { target: { value: ' Prometheus ' } });
    await click('Save');
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(CREATED), WAIT);
    expect(api.sent).toEqual([{ method: 'POST', path: '/api/v1/integration/', body: { title: 'Prometheus', description: null } }]);
    expect(await screen.findByText('Integration created successfully.', {}, WAIT)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New integration' })).toBeNull(), WAIT);
  });

  it("puts a refusal's items at their fields without a toast, and a refusal it cannot place in a toast", async () => {
    answer = { status: 422, body: { detail: [{ loc: ['body', 'title'], msg: 'Title taken', type: 'value_error' }] } };
    api.render(<Page placeErrors={byField} />);
    await click('Open');
    await click('Save');
    expect(await screen.findByText('Title taken', { selector: '.fui-Field__validationMessage' }, WAIT)).toBeTruthy();
    expect(screen.getAllByText('Title taken')).toHaveLength(1);

    answer = { status: 409, body: { detail: 'Too many integrations' } };
    await click('Save');
    expect(await screen.findByText('Too many integrations', {}, WAIT)).toBeTruthy();
    expect(message('Title taken')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'New integration' })).toBeTruthy();
  });

  it('shows every refusal in a toast when told nothing of fields', async () => {
    answer = { status: 422, body: { detail: [{ loc: ['body', 'title'], msg: 'Title taken', type: 'value_error' }] } };
    api.render(<Page />);
    await click('Open');
    await click('Save');
    expect(await screen.findByText('Title taken', {}, WAIT)).toBeTruthy();
    expect(message('Title taken')).toBeNull();
  });

  it('starts each opening afresh: its values, no message, and fields with state of their own', async () => {
    answer = { status: 422, body: { detail: [{ loc: ['body', 'title'], msg: 'Title taken', type: 'value_error' }] } };
    api.render(<Page placeErrors={byField} />);
    await click('Open');
    expect(title().value).toBe('Draft 1');
    fireEvent.change(title(), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'half typed' } });
    await click('Save');
    expect(message('Title is required')).toBeTruthy();
    fireEvent.change(title(), { target: { value: 'Taken' } });
    await click('Save');
    expect(await screen.findByText('Title taken', { selector: '.fui-Field__validationMessage' }, WAIT)).toBeTruthy();

    await click('Cancel');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New integration' })).toBeNull(), WAIT);
    // The page's button is back in the accessibility tree only once the dialog's exit has ended.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open' })).toBeTruthy(), WAIT);
    await click('Open');
    expect(title().value).toBe('Draft 2');
    expect((screen.getByLabelText('Note') as HTMLInputElement).value).toBe('');
    expect(message('Title taken')).toBeNull();
    expect(message('Title is required')).toBeNull();
  });
});

function AddIntegration({ onCreated }: { onCreated: (created: unknown) => void }) {
  return (
    <CreateDialog
      label="Add Integration"
      initial={{ title: '', description: '' }}
      rules={RULES}
      mutation={useCreateIntegration()}
      toBody={toBody}
      createdText="Integration created successfully."
      onCreated={onCreated}
    >
      {(form) => <TitleDescriptionFields form={form} limits={INTEGRATION_TEXT_LIMITS} titlePlaceholder="Prometheus production" />}
    </CreateDialog>
  );
}

describe('CreateDialog', () => {
  it('opens from its button, creates, and opens empty again', async () => {
    const onCreated = vi.fn();
    api.render(<AddIntegration onCreated={onCreated} />);
    await click('Add Integration');
    fireEvent.change(title(), { target: { value: 'Prometheus' } });
    await click('Save');
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(CREATED), WAIT);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Integration' })).toBeNull(), WAIT);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add Integration' })).toBeTruthy(), WAIT);
    await click('Add Integration');
    expect(title().value).toBe('');
  });
});
