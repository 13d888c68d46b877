import { Field, Input, Textarea } from '@fluentui/react-components';
import type { TitleDescriptionLimits, TitleDescriptionValues } from '../validation/titleDescription';
import type { ValidatedForm } from '../validation/useValidatedForm';

interface Props<V extends TitleDescriptionValues> {
  form: ValidatedForm<V>;
  /** The API's limits: nothing longer can be typed. */
  limits: TitleDescriptionLimits;
  titlePlaceholder: string;
}

/** Title (required) and Description, as an alert and an integration have them. */
export function TitleDescriptionFields<V extends TitleDescriptionValues>({ form, limits, titlePlaceholder }: Props<V>) {
  return (
    <>
      <Field label="Title" required {...form.fieldState('title')}>
        <Input {...form.field('title')} maxLength={limits.title.maxLength} placeholder={titlePlaceholder} />
      </Field>
      <Field label="Description" {...form.fieldState('description')}>
        <Textarea
          name="description"
          value={form.values.description}
          maxLength={limits.description.maxLength}
          onChange={(_, data) => form.setValue('description', data.value as V['description'])}
          onBlur={() => form.touch('description')}
          resize="vertical"
        />
      </Field>
    </>
  );
}
