import { fileUrl, type UpdateBody, type User } from '@anaquel/api';
import {
  Avatar,
  KeyIcon,
  PasswordField,
  PasswordStrengthMeter,
  columnSizes,
  createDataTableColumnHelper,
  fieldErrorProps,
  type DataTableColumnDef,
} from '@anaquel/ui';
import { useCallback, useMemo, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import {
  FormDatePicker,
  FormImageUpload,
  FormOptionsComboBox,
  FormOptionsMultiSelect,
  FormSwitch,
  FormTextField,
  ResourceListPage,
  dateColumn,
  defineResource,
  namesColumn,
  textColumn,
  type FormControl,
  type FormFieldsProps,
  type ResourceDefinition,
} from '../../components/resource';
import { useAuthStore } from '../../stores/auth-store';
import { useModal } from '../../stores/modal-store';
import { AdminChangePasswordModal, type PasswordTarget } from './admin-change-password-modal';
import { isPromoterProfile } from '@anaquel/api/rules';
import { latestBirthDate, userSchema, type UserOutput, type UserValues } from './user-schema';
import { ImportButton } from '../../components/import/import-dialog';

/**
 * What `POST /users` and `PUT /users/{id}` share, as multipart parts. Multipart leaves out empty
 * lists and absent files: no image part keeps the stored one.
 */
function userBody(values: UserOutput): UpdateBody<'/users'> {
  return {
    name: values.name,
    lastName: values.lastName,
    dateOfBirth: values.dateOfBirth,
    email: values.email,
    profileId: values.profileId,
    regionIds: isPromoterProfile(values.profileName) ? values.regionIds : [],
    isActive: values.isActive,
    ...(values.profileImage ? { profileImage: values.profileImage } : {}),
  };
}

/** spec 2 §4: regions belong to promoters; choosing any other profile clears them. */
function useProfileRegions({
  control,
  setValue,
  getValues,
  trigger,
}: FormFieldsProps<UserValues>['form']) {
  const profileName = useWatch({ control, name: 'profileName' });
  const onProfileChange = (_id: number | null, option: { name: string } | null) => {
    const name = option?.name ?? '';
    setValue('profileName', name);
    if (!isPromoterProfile(name) && getValues('regionIds').length > 0) {
      setValue('regionIds', [], { shouldDirty: true });
    }
    void trigger('regionIds');
  };
  return { isPromoter: isPromoterProfile(profileName), onProfileChange };
}

/** The first password of a new user, with its strength meter (spec 2 §4: only on create). */
function InitialPasswordField({ control }: { control: FormControl<UserValues> }) {
  const password = useWatch({ control, name: 'password' });
  return (
    <Controller
      control={control}
      name="password"
      render={({ field, fieldState, formState }) => (
        <PasswordField
          {...field}
          label="Contraseña"
          autoComplete="new-password"
          isRequired
          meter={<PasswordStrengthMeter password={password} />}
          {...fieldErrorProps(fieldState, formState)}
        />
      )}
    />
  );
}

export function UserFields({ form, mode }: FormFieldsProps<UserValues>) {
  const { control } = form;
  const profileImageUrl = useWatch({ control, name: 'profileImageUrl' });
  const { isPromoter, onProfileChange } = useProfileRegions(form);
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormTextField control={control} name="name" label="Nombre" isRequired autoFocus />
        <FormTextField control={control} name="lastName" label="Apellidos" isRequired />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormTextField
          control={control}
          name="email"
          label="Correo electrónico"
          type="email"
          autoComplete="off"
          isRequired
        />
        {/* spec 2 §5: at least 15 years old, so the calendar ends there. */}
        <FormDatePicker
          control={control}
          name="dateOfBirth"
          label="Fecha de nacimiento"
          maxValue={latestBirthDate()}
          isRequired
        />
      </div>
      {mode === 'create' && <InitialPasswordField control={control} />}
      <FormOptionsComboBox
        control={control}
        name="profileId"
        label="Perfil"
        isRequired
        resource="/profiles"
        errorMessage="Error al cargar los perfiles"
        onValueChange={onProfileChange}
      />
      <FormOptionsMultiSelect
        control={control}
        name="regionIds"
        label="Regiones"
        isRequired={isPromoter}
        isDisabled={!isPromoter}
        description={isPromoter ? undefined : 'Solo para el perfil Promotor.'}
        resource="/regions"
        errorMessage="Error al cargar las regiones"
      />
      <FormImageUpload
        control={control}
        name="profileImage"
        label="Imagen de perfil"
        storedFileId={profileImageUrl}
      />
      <FormSwitch control={control} name="isActive" label="Activo" />
    </>
  );
}

const column = createDataTableColumnHelper<User>();

/** spec 2 §2: the profile image, 80 px (the name is in its own column). */
const profileImageColumn = column.accessor('profileImageUrl', {
  id: 'profileImageUrl',
  header: 'Imagen',
  ...columnSizes.flag,
  enableSorting: false,
  meta: { align: 'center', label: 'Imagen' },
  cell: (info) => {
    const fileId = info.getValue();
    return (
      <Avatar
        name={info.row.original.completeName}
        src={fileId ? fileUrl(fileId) : null}
        isDecorative
      />
    );
  },
}) as DataTableColumnDef<User>;

/** Users (spec 2 §2): profile image, profile, regions, full name, e-mail, date of birth. */
export const usersResource = defineResource<'/users', UserValues, UserOutput>({
  resource: '/users',
  labels: { singular: 'usuario', plural: 'usuarios', feminine: false },
  permission: 'USERS',
  columns: [
    profileImageColumn,
    textColumn<User>('profileName', 'Perfil'),
    namesColumn<User>('regionNames', 'Regiones'),
    textColumn<User>('completeName', 'Nombre completo'),
    textColumn<User>('email', 'Correo electrónico'),
    dateColumn<User>('dateOfBirth', 'Fecha de nacimiento'),
  ],
  rowName: (row) => row.completeName,
  form: {
    schema: (mode) => userSchema(mode),
    size: 'lg',
    defaults: () => ({
      name: '',
      lastName: '',
      dateOfBirth: null,
      email: '',
      password: '',
      profileId: null,
      profileName: '',
      regionIds: [],
      profileImage: null,
      profileImageUrl: null,
      isActive: true,
    }),
    fromDetail: (detail) => ({
      name: detail.name,
      lastName: detail.lastName,
      dateOfBirth: detail.dateOfBirth,
      email: detail.email,
      password: '',
      profileId: detail.profileId,
      profileName: detail.profileName,
      regionIds: detail.regionIds,
      profileImage: null,
      profileImageUrl: detail.profileImageUrl,
      isActive: detail.isActive,
    }),
    // The password only on create (spec 2 §4).
    toCreateBody: (values) => ({ ...userBody(values), password: values.password }),
    toUpdateBody: userBody,
    Fields: UserFields,
  },
});

const PASSWORD_MODAL_ID = 'users/admin-change-password';

export default function UsersPage() {
  const passwordModal = useModal(PASSWORD_MODAL_ID);
  const [passwordTarget, setPasswordTarget] = useState<PasswordTarget | null>(null);
  const { open } = passwordModal;
  const changePassword = useCallback(
    (row: User) => {
      setPasswordTarget({ id: row.id, completeName: row.completeName });
      open();
    },
    [open],
  );
  const ownId = useAuthStore((s) => s.user?.id);
  // spec 2 §2: 'Cambiar Contraseña' per row, only with CHANGE_PASSWORD_USERS; not on one's own
  // row (the server refuses it: one changes one's own password with the current one, from the
  // user card).
  const definition = useMemo<ResourceDefinition<'/users', UserValues, UserOutput>>(
    () => ({
      ...usersResource,
      // Nobody deletes their own user (docs/decisions.md): the button is not offered on it.
      canDelete: (row) => row.id !== ownId,
      rowButtons: [
        {
          label: (name) => `Cambiar Contraseña de ${name}`,
          icon: KeyIcon,
          permission: 'CHANGE_PASSWORD_USERS',
          isShown: (row) => row.id !== ownId,
          onPress: changePassword,
        },
      ],
    }),
    [changePassword, ownId],
  );
  return (
    <>
      <ResourceListPage
        definition={definition}
        actions={
          <ImportButton resource="users" permission="USERS" plural="usuarios" fileName="usuarios" />
        }
      />
      <AdminChangePasswordModal
        user={passwordTarget}
        isOpen={passwordModal.isOpen}
        onOpenChange={passwordModal.setOpen}
      />
    </>
  );
}
