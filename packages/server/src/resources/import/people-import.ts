import type { components } from '@anaquel/api/schema';
import { randomBytes } from 'node:crypto';
import { sendResetEmail } from '../../auth/service.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { guardUserChange } from '../../auth/privileges.ts';
import { clients, profiles, regions, users } from '../../db/schema/index.ts';
import type { Config } from '../../env.ts';
import { prepareClient } from '../clients.ts';
import type { PreparedWrite, WriteContext } from '../factory.ts';
import { throwIfAny } from '../named.ts';
import { relatedIdsOf, replaceRelation } from '../relations.ts';
import type { Issues } from '../rules.ts';
import { checkProfileRegions, checkUserFields, regionsRelation, type UserForm } from '../users.ts';
import { activeOf, textOf, type ImportColumn } from './columns.ts';
import { activeColumn, idOf, idsByName, idsOf, namesIn } from './lookups.ts';
import type { RecordImport } from './record-import.ts';
import type { Cell } from './table-reader.ts';

// The clients' and the users' imports (docs/import.md). Users carry no password: a new user
// gets the password-reset e-mail once the import committed.

type ClientInput = components['schemas']['ClientInput'];

export const clientImport: RecordImport<ClientInput> = {
  resource: 'clients',
  permission: 'CLIENTS',
  plural: 'clientes',
  sheet: 'Clientes',
  fileName: 'clientes',
  table: clients,
  id: clients.id,
  key: { field: 'code', column: clients.code },
  columns: [
    {
      header: 'Código',
      field: 'code',
      required: true,
      rule: 'Obligatorio; máximo 50 caracteres. Si ya existe, se actualiza ese cliente.',
      example: 'CL-001',
    },
    {
      header: 'Nombre comercial',
      field: 'commercialName',
      required: true,
      rule: 'Obligatorio; máximo 100 caracteres.',
      example: 'Abarrotes del Norte',
    },
    {
      header: 'Razón social',
      field: 'legalName',
      required: false,
      rule: 'Opcional; máximo 100 caracteres.',
      example: 'Abarrotes del Norte, S.A. de C.V.',
    },
    {
      header: 'RFC',
      field: 'taxId',
      required: true,
      rule: 'Obligatorio; máximo 13 caracteres (se guarda en mayúsculas).',
      example: 'ANO010101AB1',
    },
    activeColumn,
  ],
  createOperation: { id: 'createClient', mediaType: 'application/json' },
  lookups: async () => ({}),
  references: async () => [],
  toInput: (row, _lookups, issues, current) => ({
    code: textOf(row.cells.get('code')) ?? '',
    commercialName: textOf(row.cells.get('commercialName')) ?? '',
    legalName: textOf(row.cells.get('legalName')),
    taxId: textOf(row.cells.get('taxId')) ?? '',
    isActive: activeOf(row.cells.get('isActive'), issues, current?.isActive as boolean | undefined),
  }),
  prepare: (input) => prepareClient(input),
};

/** A date cell: 2001-12-31, 31/12/2001, or the text of an Excel date; null when unreadable. */
function dateOf(cell: Cell | undefined): string | null {
  const text = textOf(cell);
  if (text === null) return null;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const latin = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  const [year, month, day] = iso
    ? [iso[1], iso[2], iso[3]]
    : latin
      ? [latin[3], latin[2], latin[1]]
      : [];
  if (!year) return 'invalid';
  const value = `${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value
    ? 'invalid'
    : value;
}

const userColumns: readonly ImportColumn[] = [
  {
    header: 'Correo',
    field: 'email',
    required: true,
    rule: 'Obligatorio; un correo válido. Si ya existe, se actualiza ese usuario. Un usuario nuevo recibe el correo para elegir su contraseña.',
    example: 'maria.lopez@ejemplo.mx',
  },
  {
    header: 'Nombre',
    field: 'name',
    required: true,
    rule: 'Obligatorio; máximo 100 caracteres.',
    example: 'María',
  },
  {
    header: 'Apellido',
    field: 'lastName',
    required: true,
    rule: 'Obligatorio; máximo 100 caracteres.',
    example: 'López',
  },
  {
    header: 'Fecha de nacimiento',
    field: 'dateOfBirth',
    required: true,
    rule: 'Obligatoria; AAAA-MM-DD o DD/MM/AAAA; al menos 15 años.',
    example: '1990-05-31',
  },
  {
    header: 'Perfil',
    field: 'profileId',
    required: true,
    rule: 'Obligatorio; el nombre de un perfil (hoja Perfiles).',
    example: 'Promotor',
  },
  {
    header: 'Regiones',
    field: 'regionIds',
    required: false,
    rule: 'Nombres de regiones (hoja Regiones) separados por comas; obligatorio para el perfil Promotor.',
    example: 'Región Centro',
  },
  activeColumn,
];

// A new user's password is unknown to everyone: the hash of a random secret nobody keeps,
// made once per process (argon2 is slow on purpose); the reset e-mail sets the real one.
let unusableHash: Promise<string> | null = null;
function unusablePasswordHash(config: Config): Promise<string> {
  unusableHash ??= hashPassword(randomBytes(32).toString('base64url'), config.passwordHashing);
  return unusableHash;
}
/** Satisfies the password policy so that only the file's own fields are checked. */
const PLACEHOLDER_PASSWORD = 'Importado#2026';

async function prepareImportedUser(input: UserForm, context: WriteContext): Promise<PreparedWrite> {
  const { db, principal, id, request } = context;
  const issues: Issues = [];
  const names = checkUserFields(
    { ...input, password: PLACEHOLDER_PASSWORD },
    issues,
    principal,
    id,
  );
  const regionIds = await checkProfileRegions(db, input, issues);
  throwIfAny(issues);
  const passwordHash =
    id === undefined ? await unusablePasswordHash(request.server.services.config) : undefined;
  return {
    values: {
      ...names,
      dateOfBirth: input.dateOfBirth,
      profileId: input.profileId,
      isActive: input.isActive,
      ...(passwordHash !== undefined && { passwordHash }),
    },
    afterWrite: (tx, userId) =>
      replaceRelation(tx, regionsRelation, userId, regionIds, 'regionIds'),
    guard: (tx) =>
      guardUserChange(
        tx,
        principal,
        id === undefined
          ? { kind: 'create', profileId: input.profileId }
          : { kind: 'update', userId: id, profileId: input.profileId },
      ),
  };
}

export const userImport: RecordImport<UserForm> = {
  resource: 'users',
  permission: 'USERS',
  plural: 'usuarios',
  sheet: 'Usuarios',
  fileName: 'usuarios',
  table: users,
  id: users.id,
  key: { field: 'email', column: users.email },
  columns: userColumns,
  createOperation: { id: 'createUser', mediaType: 'multipart/form-data' },
  fieldHeaders: { password: 'Correo' },
  relations: { regionIds: (id) => relatedIdsOf(regionsRelation.join, id) },
  lookups: async (db) => ({
    profiles: await idsByName(db, profiles, profiles.id, [profiles.name]),
    regions: await idsByName(db, regions, regions.id, [regions.name]),
  }),
  references: async (db) => [
    { name: 'Perfiles', header: 'Perfil', values: await namesIn(db, profiles, profiles.name) },
    { name: 'Regiones', header: 'Región', values: await namesIn(db, regions, regions.name) },
  ],
  toInput: (row, lookups, issues, current) => {
    const cell = (field: string) => textOf(row.cells.get(field));
    let dateOfBirth = dateOf(row.cells.get('dateOfBirth'));
    if (dateOfBirth === 'invalid' || dateOfBirth === null) {
      issues.push({
        field: 'dateOfBirth',
        message:
          dateOfBirth === null
            ? 'La fecha de nacimiento es obligatoria'
            : 'La fecha de nacimiento no es válida.',
      });
      dateOfBirth = '2000-01-01';
    }
    return {
      email: cell('email') ?? '',
      name: cell('name') ?? '',
      lastName: cell('lastName') ?? '',
      dateOfBirth,
      password: PLACEHOLDER_PASSWORD,
      profileId: idOf(
        lookups.profiles,
        cell('profileId'),
        issues,
        'profileId',
        'El perfil',
        'El perfil es obligatorio',
      ),
      regionIds: idsOf(lookups.regions, cell('regionIds'), issues, 'regionIds', 'La región'),
      isActive: activeOf(
        row.cells.get('isActive'),
        issues,
        current?.isActive as boolean | undefined,
      ),
    };
  },
  prepare: prepareImportedUser,
  afterCreate: async (input, { request }) => {
    const { db, config, mailer } = request.server.services;
    await sendResetEmail({ db, config, mailer, log: request.log }, input.email);
  },
};
