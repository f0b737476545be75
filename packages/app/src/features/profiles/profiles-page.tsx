import type { Profile, ProfileInput } from '@anaquel/api';
import { Controller } from 'react-hook-form';
import {
  NamedFields,
  ResourceListPage,
  defineResource,
  namedColumns,
  namedFromDetail,
  namedToBody,
  type FormFieldsProps,
} from '../../components/resource';
import { PermissionPicker } from './permission-picker';
import { profileSchema, type ProfileOutput, type ProfileValues } from './profile-schema';

function ProfileFields(props: FormFieldsProps<ProfileValues>) {
  return (
    <NamedFields {...props}>
      <Controller
        control={props.form.control}
        name="permissionIds"
        render={({ field, fieldState, formState }) => (
          <PermissionPicker
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            isDisabled={field.disabled}
            errorMessage={
              fieldState.isTouched || formState.isSubmitted ? fieldState.error?.message : undefined
            }
          />
        )}
      />
    </NamedFields>
  );
}

/** Profiles (spec 2 §2, §3): name, description, active; the form (xl) picks the permissions. */
export const profilesResource = defineResource<'/profiles', ProfileValues, ProfileOutput>({
  resource: '/profiles',
  labels: { singular: 'perfil', plural: 'perfiles', feminine: false },
  permission: 'PROFILES',
  columns: namedColumns<Profile>(),
  rowName: (row) => row.name,
  form: {
    schema: profileSchema,
    size: 'xl',
    defaults: () => ({ name: '', description: '', permissionIds: [], isActive: true }),
    fromDetail: (detail) => ({ ...namedFromDetail(detail), permissionIds: detail.permissionIds }),
    toBody: (values): ProfileInput => ({
      ...namedToBody(values),
      permissionIds: values.permissionIds,
    }),
    Fields: ProfileFields,
  },
});

export default function ProfilesPage() {
  return <ResourceListPage definition={profilesResource} />;
}
