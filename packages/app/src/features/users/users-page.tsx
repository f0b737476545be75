import { fileUrl, type User, type UserCreateInput } from '@anaquel/api';
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
  FormMultiSelect,
  FormSelect,
  FormSwitch,
  FormTextField,
  ResourceListPage,
  dateColumn,
  defineResource,
  namesColumn,
  textColumn,
  useOptions,
  type FormFieldsProps,
  type ResourceDefinition,
} from '../../components/resource';
import { useModal } from '../../stores/modal-store';
import { AdminChangePasswordModal, type PasswordTarget } from './admin-change-password-modal';
import {
  isPromoterProfile,
  latestBirthDate,
  userSchema,
  type UserOutput,
  type UserValues,
} from './user-schema';

/** The server's default upload limit (UPLOAD_LIMIT, 5 MB). */
const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** What `POST /users` and `PUT /users/{id}` take as multipart parts. */
export type UserBody = Omit<UserCreateInput, 'password' | 'profileImage'> & {
  password?: string;
  profileImage?: File;
};

export function UserFields({ form, mode }: FormFieldsProps<UserValues>) {
  const { control, setValue, getValues, trigger } = form;
  const profileName = useWatch({ control, name: 'profileName' });
  const password = useWatch({ control, name: 'password' });
  const profileImageUrl = useWatch({ control, name: 'profileImageUrl' });
  const isPromoter = isPromoterProfile(profileName);

  const profiles = useOptions('/profiles', { errorMessage: 'Error al cargar los perfiles' });
  const regions = useOptions('/regions', { errorMessage: 'Error al cargar las regiones' });

  // spec 2 §4: regions belong to promoters; choosing any other profile clears them.
  const onProfileChange = (id: number | null) => {
    const name = profiles.fieldProps.items.find((option) => option.id === id)?.name ?? '';
    setValue('profileName', name);
    if (!isPromoterProfile(name) && getValues('regionIds').length > 0) {
      setValue('regionIds', [], { shouldDirty: true });
    }
    void trigger('regionIds');
  };

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
      {mode === 'create' && (
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
      )}
      <FormSelect
        control={control}
        name="profileId"
        label="Perfil"
        isRequired
        onValueChange={onProfileChange}
        {...profiles.fieldProps}
      />
      {profiles.error}
      <FormMultiSelect
        control={control}
        name="regionIds"
        label="Regiones"
        isRequired={isPromoter}
        isDisabled={!isPromoter}
        description={isPromoter ? undefined : 'Solo para el perfil Promotor.'}
        {...regions.fieldProps}
      />
      {regions.error}
      <FormImageUpload
        control={control}
        name="profileImage"
        label="Imagen de perfil"
        currentUrl={profileImageUrl ? fileUrl(profileImageUrl) : null}
        maxSizeBytes={IMAGE_MAX_BYTES}
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
export const usersResource = defineResource<User, UserValues, UserOutput, User>({
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
    multipart: true,
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
    // Multipart leaves out empty lists and absent files: no image part keeps the stored one.
    toBody: (values, mode): UserBody => ({
      name: values.name,
      lastName: values.lastName,
      dateOfBirth: values.dateOfBirth,
      email: values.email,
      ...(mode === 'create' ? { password: values.password } : {}),
      profileId: values.profileId,
      regionIds: isPromoterProfile(values.profileName) ? values.regionIds : [],
      isActive: values.isActive,
      ...(values.profileImage ? { profileImage: values.profileImage } : {}),
    }),
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
  // spec 2 §2: 'Cambiar Contraseña' per row, only with CHANGE_PASSWORD_USERS.
  const definition = useMemo<ResourceDefinition<User, UserValues, UserOutput, User>>(
    () => ({
      ...usersResource,
      rowButtons: [
        {
          label: (name) => `Cambiar Contraseña de ${name}`,
          icon: KeyIcon,
          permission: 'CHANGE_PASSWORD_USERS',
          onPress: changePassword,
        },
      ],
    }),
    [changePassword],
  );
  return (
    <>
      <ResourceListPage definition={definition} />
      <AdminChangePasswordModal
        user={passwordTarget}
        isOpen={passwordModal.isOpen}
        onOpenChange={passwordModal.setOpen}
      />
    </>
  );
}
